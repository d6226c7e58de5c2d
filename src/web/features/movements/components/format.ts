export { formatDate, formatDateTime, formatNumber } from '@/lib/format';
