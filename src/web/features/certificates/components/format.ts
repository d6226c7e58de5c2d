import type { CertificateListItem } from '@shared/contracts/assessment';
import { certificateScreens as m } from '@shared/messages/certificates-screens';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Nairobi' });
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Africa/Nairobi' });

/** An instant as its Nairobi calendar day, e.g. "23 Oct 2026". */
export const formatDay = (iso: string) => dateFormat.format(new Date(iso));

/** An instant in Nairobi time, e.g. "23 Oct 2026, 08:15". */
export const formatInstant = (iso: string) => dateTimeFormat.format(new Date(iso));

/** An average score with one decimal (spec §9: default 0), e.g. "72.4 %". */
export const formatAverage = (n: number) => m.common.percent(Number.isFinite(n) ? n.toFixed(1) : '0.0');

/** A percentage as printed on the certificate: whole numbers stay whole ("95 %"), else one decimal. */
export const formatPercent = (n: number) => m.common.percent(Number.isInteger(n) ? String(n) : n.toFixed(1));

/** Is the certificate revoked? */
export const isRevoked = (c: Pick<CertificateListItem, 'revoked_at'>) => !!c.revoked_at;
