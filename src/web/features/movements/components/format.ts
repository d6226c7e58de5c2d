export { formatDate, formatDateTime, formatNumber } from '@/features/dashboard/components/format';
