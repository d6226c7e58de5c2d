import type { CertificateListItem } from '@shared/contracts/assessment';
import { certificateScreens as m } from '@shared/messages/certificates-screens';

/** An instant as its Nairobi calendar day ("23 Oct 2026"), and with its time ("23 Oct 2026, 08:15"). */
export { formatInstantDay as formatDay, formatInstant } from '@/lib/format';

/** An average score with one decimal (spec §9: default 0), e.g. "72.4 %". */
export const formatAverage = (n: number) => m.common.percent(Number.isFinite(n) ? n.toFixed(1) : '0.0');

/** A percentage as printed on the certificate: whole numbers stay whole ("95 %"), else one decimal. */
export const formatPercent = (n: number) => m.common.percent(Number.isInteger(n) ? String(n) : n.toFixed(1));

/** Is the certificate revoked? */
export const isRevoked = (c: Pick<CertificateListItem, 'revoked_at'>) => !!c.revoked_at;
