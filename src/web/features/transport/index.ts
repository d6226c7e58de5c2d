/** The transport feature's public surface: what other features may import (decision 0021). */
export { ChildTransportCard } from './child-transport-card';
export { useMyChildrenTransport } from './transport-api';
