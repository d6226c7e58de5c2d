/** The attendance feature's public surface: what other features may import (decision 0021). */
export { qs, retry } from './api/registers';
export { FilterField } from './principal/bits';
