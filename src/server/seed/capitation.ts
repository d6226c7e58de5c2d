import { addDays } from '../../shared/dates.js';
import { kesToCents } from '../../shared/money.js';
import type { Tx } from '../db/tenant.js';
import { splitLargestRemainder } from '../modules/vote-heads/capitation-rates.js';
import { insertReceipt } from '../modules/vote-heads/capitation.repository.js';
import { capitationPosition } from '../modules/vote-heads/capitation.service.js';
import type { DemoCalendar } from './demo-calendar.js';

/**
 * Demo capitation (issue 35 §3 "a capitation grant received short for the current term"): the year's
 * rates are the Ministry's (dated configuration, no school rows), and for every term of the current
 * year that has opened the Ministry's grant arrived two weeks after opening (or today, when sooner):
 * in full for the earlier terms, 80 % of what the learners on roll expect for the latest term, so the
 * finance dashboard's Capitation card and the report show a shortfall. A school with no learners in a
 * capitation band (Riverside's IGCSE) expects nothing and gets no grants.
 */
export async function seedCapitation(tx: Tx, p: { schoolId: string; financeOfficerId: string; cal: DemoCalendar }): Promise<void> {
  const c = { actor: { id: p.financeOfficerId, role: 'finance_officer' as const, schoolId: p.schoolId }, schoolId: p.schoolId, ip: '127.0.0.1' };
  const position = await capitationPosition(tx, c, p.cal.year);
  const opened = position.terms.filter((t) => t.startsOn <= p.cal.today);
  for (const [i, t] of opened.entries()) {
    const expected = kesToCents(t.expected) ?? 0;
    if (expected <= 0) continue;
    const latest = i === opened.length - 1;
    const amount = latest ? Math.round(expected * 0.8) : expected;
    const heads = t.byVoteHead.filter((v) => v.expected > 0);
    const parts = splitLargestRemainder(amount, heads.map((v) => kesToCents(v.expected) ?? 0));
    const receivedOn = [addDays(t.startsOn, 14), p.cal.today].sort()[0]!;
    await insertReceipt(
      tx,
      p.schoolId,
      { termId: t.termId, amountCents: amount, receivedOn, reference: `MOE/CAP/${position.year}/T${t.number}`, notes: latest ? 'Ministry circular: partial release for the term' : null, createdBy: p.financeOfficerId },
      heads.map((v, k) => ({ voteHeadId: v.voteHeadId, amountCents: parts[k]! })),
    );
  }
}
