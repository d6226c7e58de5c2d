import { and, asc, count, desc, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import type { ListTransfersQuery, TransferRequestStatus } from '../../../shared/contracts/movements.js';
import { classes, profiles, students, transferRequests, transfers } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import type { PageWindow } from '../../lib/paging.js';
import { containsPattern } from '../../lib/like.js';
import { learnerColumns, learnerSearch } from './movements.repository.js';

/**
 * Queries of transfers (issue 10 §2 Transfers): the school's transfers rows (in and out) with their
 * learner, request state and recorder; transfer requests between EduFam schools; the learner a
 * receiving school admits from a request. Every function runs in the principal's school-scoped
 * transaction (row-level security lets both ends of a request see it).
 */

/** What the transfers list and its export filter by (empty values mean "any"). */
export type TransferFilters = Omit<ListTransfersQuery, 'page' | 'pageSize'>;

/** Transfers with learner, request state and recorder, filtered. */
function transferQuery(tx: Tx, where: SQL | undefined) {
  return tx
    .select({
      t: transfers,
      learner: learnerColumns,
      requestStatus: transferRequests.status,
      createdByName: profiles.name,
    })
    .from(transfers)
    .innerJoin(students, eq(students.id, transfers.studentId))
    .leftJoin(classes, eq(classes.id, students.classId))
    .leftJoin(transferRequests, eq(transferRequests.id, transfers.requestId))
    .leftJoin(profiles, eq(profiles.id, transfers.createdBy))
    .where(where);
}

/** A transfer with its learner (MovementLearner columns), request status and recorder's name. */
export type TransferRow = Awaited<ReturnType<typeof transferQuery>>[number];

/** search: every word in the learner's names and numbers, or the whole text in the other school's name. */
function transferFilters(schoolId: string, q: TransferFilters): SQL | undefined {
  const where: SQL[] = [eq(transfers.schoolId, schoolId)];
  if (q.direction) where.push(eq(transfers.direction, q.direction));
  if (q.from) where.push(gte(transfers.transferDate, q.from));
  if (q.to) where.push(lte(transfers.transferDate, q.to));
  const search = q.search?.trim();
  if (search) {
    const words = learnerSearch(search);
    where.push(or(and(...words), ilike(transfers.otherSchoolName, containsPattern(search)))!);
  }
  return and(...where);
}

const transferOrder = [desc(transfers.transferDate), desc(transfers.createdAt), asc(transfers.id)];

/** One page of the school's transfers matching `filters`: newest transfer date first, then newest recorded, then id. */
export async function listTransferRows(tx: Tx, schoolId: string, filters: TransferFilters, w: PageWindow): Promise<TransferRow[]> {
  return transferQuery(tx, transferFilters(schoolId, filters))
    .orderBy(...transferOrder)
    .limit(w.limit)
    .offset(w.offset);
}

/** How many of the school's transfers match `filters`. */
export async function countTransfers(tx: Tx, schoolId: string, filters: TransferFilters): Promise<number> {
  const [total] = await tx
    .select({ n: count() })
    .from(transfers)
    .innerJoin(students, eq(students.id, transfers.studentId))
    .where(transferFilters(schoolId, filters));
  return Number(total?.n ?? 0);
}

/** Every transfer of the school matching `filters` (export), in the list's order. */
export async function allTransferRows(tx: Tx, schoolId: string, filters: TransferFilters): Promise<TransferRow[]> {
  return transferQuery(tx, transferFilters(schoolId, filters)).orderBy(...transferOrder);
}

/** The school's transfer `id` with its learner and names, or undefined. */
export async function findTransferRow(tx: Tx, schoolId: string, id: string): Promise<TransferRow | undefined> {
  const [row] = await transferQuery(tx, and(eq(transfers.id, id), eq(transfers.schoolId, schoolId)));
  return row;
}

/** Records a transfer (in or out; fees owed in KES cents); returns its id. */
export async function insertTransfer(tx: Tx, row: typeof transfers.$inferInsert): Promise<string> {
  const [t] = await tx.insert(transfers).values(row).returning({ id: transfers.id });
  return t!.id;
}

/**
 * Requests of the school (incoming: addressed to it; outgoing: filed by it), with `status` or any, or
 * the one `id`; newest first, 200 at most.
 */
export async function listRequestRows(tx: Tx, schoolId: string, box: 'incoming' | 'outgoing', status?: TransferRequestStatus, id?: string) {
  return tx
    .select()
    .from(transferRequests)
    .where(
      and(
        box === 'incoming' ? eq(transferRequests.toSchoolId, schoolId) : eq(transferRequests.fromSchoolId, schoolId),
        status ? eq(transferRequests.status, status) : undefined,
        id ? eq(transferRequests.id, id) : undefined,
      ),
    )
    .orderBy(desc(transferRequests.createdAt), desc(transferRequests.id))
    .limit(200);
}

/** A transfer_requests row. */
export type RequestRow = Awaited<ReturnType<typeof listRequestRows>>[number];

/** Request `id` addressed to this school, locked for update (accept or decline), or undefined. */
export async function findIncomingRequestForUpdate(tx: Tx, schoolId: string, id: string): Promise<RequestRow | undefined> {
  const [r] = await tx
    .select()
    .from(transferRequests)
    .where(and(eq(transferRequests.id, id), eq(transferRequests.toSchoolId, schoolId)))
    .for('update');
  return r;
}

/** Files a transfer request (status pending) to an EduFam school; returns its id. */
export async function insertTransferRequest(tx: Tx, row: typeof transferRequests.$inferInsert): Promise<string> {
  const [r] = await tx.insert(transferRequests).values(row).returning({ id: transferRequests.id });
  return r!.id;
}

/** Marks request `id` addressed to this school accepted by `decidedBy` now, with the learner it admitted. */
export async function markRequestAccepted(tx: Tx, schoolId: string, id: string, decidedBy: string, toStudentId: string): Promise<void> {
  await tx
    .update(transferRequests)
    .set({ status: 'accepted', decidedBy, decidedAt: new Date(), toStudentId })
    .where(and(eq(transferRequests.id, id), eq(transferRequests.toSchoolId, schoolId)));
}

/** Marks request `id` addressed to this school declined by `decidedBy` now, with the note the sending school sees. */
export async function markRequestDeclined(tx: Tx, schoolId: string, id: string, decidedBy: string, decisionNote: string): Promise<void> {
  await tx
    .update(transferRequests)
    .set({ status: 'declined', decidedBy, decidedAt: new Date(), decisionNote })
    .where(and(eq(transferRequests.id, id), eq(transferRequests.toSchoolId, schoolId)));
}

