/** The messages feature's public surface: what other features may import (decision 0021). */
export { useUnreadMessages } from './messages-api';
