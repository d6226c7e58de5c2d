export { KemisCard } from './kemis-card';
export { KnecSbaCard } from './knec-sba-card';
