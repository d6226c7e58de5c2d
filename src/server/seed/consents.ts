import { CONSENT_PURPOSES, type ConsentPurpose } from '../../shared/contracts/consents.js';
import { addDays } from '../../shared/dates.js';
import { consents } from '../db/schema/index.js';
import type { Tx } from '../db/tenant.js';
import { atNairobi, type DemoCalendar } from './demo-calendar.js';

/**
 * Demo consent (issue 35 §5; Data Protection Act 2019): every learner's admission form recorded the
 * learner record's processing consent and each guardian's processing, SMS, e-mail and photos consent
 * (recorded by the principal on the admission day). Then, so the register and the Consent card have
 * something to show, two guardians later withdrew SMS consent (themselves, in the parent's view, a few
 * weeks before today; at Riverside) and one refused photos at admission (each school). The demo parent
 * and their children's other guardian are left as admitted, so the journeys start from consent given.
 */
export async function seedConsents(
  tx: Tx,
  p: {
    schoolId: string;
    principalId: string;
    cal: DemoCalendar;
    /** Each learner with their admission day and guardians (primary first). */
    learners: { id: string; admittedOn: string; guardianIds: string[] }[];
    /** Guardians left as admitted (the demo parent's family). */
    keep: string[];
    /**
     * Seed the two SMS withdrawals (Riverside only: Greenhill's guardians are the ones the SMS tests and
     * journeys text, and they start from consent given).
     */
    withdrawSms: boolean;
  },
): Promise<void> {
  const rows: (typeof consents.$inferInsert)[] = [];
  const at = (day: string) => atNairobi(day, '10:00');
  const admission = { schoolId: p.schoolId, source: 'admission', recordedBy: p.principalId, recordedByRole: 'principal' } as const;
  // Deterministic picks from the middle of the roll: two SMS withdrawals, one photos refusal.
  const candidates = p.learners.filter((l) => l.guardianIds.length && !l.guardianIds.some((g) => p.keep.includes(g)));
  const pick = (f: number) => candidates[Math.floor(candidates.length * f)]?.guardianIds[0];
  const withdrawSms = new Set(p.withdrawSms ? [pick(0.35), pick(0.6)].filter((x): x is string => !!x) : []);
  const refusePhotos = pick(0.45);
  // Three weeks before today, or the admission day itself (after the admission) for a learner admitted since.
  const withdrawnOn = (admittedOn: string) => [addDays(p.cal.today, -20), admittedOn].sort().at(-1)!;
  for (const l of p.learners) {
    rows.push({ ...admission, studentId: l.id, guardianId: null, purpose: 'processing', granted: true, recordedAt: at(l.admittedOn) });
    for (const g of l.guardianIds) {
      for (const purpose of CONSENT_PURPOSES as readonly ConsentPurpose[]) {
        rows.push({ ...admission, studentId: l.id, guardianId: g, purpose, granted: !(purpose === 'photos' && g === refusePhotos), recordedAt: at(l.admittedOn) });
      }
      if (withdrawSms.has(g)) {
        rows.push({ schoolId: p.schoolId, studentId: l.id, guardianId: g, purpose: 'sms', granted: false, source: 'parent', recordedBy: null, recordedByRole: 'parent', recordedAt: atNairobi(withdrawnOn(l.admittedOn), '18:30') });
      }
    }
  }
  for (let i = 0; i < rows.length; i += 500) await tx.insert(consents).values(rows.slice(i, i + 500));
}
