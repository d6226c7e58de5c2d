import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { academicYears, classes, feeStructureItems, feeStructures, invoices, levels, terms } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';

/**
 * Terms, fee structures and their items, inside the caller's school-scoped transaction. Item amounts are
 * KES cents.
 */

const termColumns = {
  id: terms.id,
  name: terms.name,
  number: terms.number,
  startsOn: terms.startsOn,
  endsOn: terms.endsOn,
  isCurrent: terms.isCurrent,
  academicYearId: terms.academicYearId,
  academicYear: academicYears.name,
};

/** A term with its academic year's name. */
export interface TermRow {
  id: string;
  name: string;
  number: number;
  startsOn: string;
  endsOn: string;
  isCurrent: boolean;
  academicYearId: string;
  academicYear: string;
}

/** The school's term `termId` with its year, or undefined. */
export async function findTerm(tx: Tx, schoolId: string, termId: string): Promise<TermRow | undefined> {
  const [row] = await tx
    .select(termColumns)
    .from(terms)
    .innerJoin(academicYears, eq(academicYears.id, terms.academicYearId))
    .where(and(eq(terms.schoolId, schoolId), eq(terms.id, termId)));
  return row;
}

/** The school's current term (is_current, else the latest started) with its year, or undefined. */
export async function findCurrentTerm(tx: Tx, schoolId: string): Promise<TermRow | undefined> {
  const [row] = await tx
    .select(termColumns)
    .from(terms)
    .innerJoin(academicYears, eq(academicYears.id, terms.academicYearId))
    .where(and(eq(terms.schoolId, schoolId), sql`${terms.startsOn} <= current_date or ${terms.isCurrent}`))
    .orderBy(sql`${terms.isCurrent} desc`, sql`${terms.startsOn} desc`)
    .limit(1);
  return row;
}

/** A fee_structures row. */
export type StructureRecord = typeof feeStructures.$inferSelect;
/** A fee_structure_items row (amount in KES cents). */
export type StructureItemRecord = typeof feeStructureItems.$inferSelect;
/** Changes to a structure's own fields. */
export type StructurePatch = Partial<typeof feeStructures.$inferInsert>;

/**
 * The school's structures (of one term, or of the ids, when given) with their term, year, level and
 * stream names and how many issued invoices were made from each; newest term first, then level order,
 * whole-level structures before streams, then boarding.
 */
export async function listStructureRows(tx: Tx, schoolId: string, termId?: string, ids?: string[]) {
  return tx
    .select({
      s: feeStructures,
      termName: terms.name,
      termStartsOn: terms.startsOn,
      academicYear: academicYears.name,
      levelName: levels.name,
      levelOrder: levels.levelOrder,
      className: classes.name,
      invoiced: sql<number>`(select count(*) from ${invoices} where ${invoices.structureId} = ${feeStructures.id} and ${invoices.status} = 'issued')`.mapWith(Number),
    })
    .from(feeStructures)
    .innerJoin(terms, eq(terms.id, feeStructures.termId))
    .innerJoin(academicYears, eq(academicYears.id, terms.academicYearId))
    .innerJoin(levels, eq(levels.id, feeStructures.levelId))
    .leftJoin(classes, eq(classes.id, feeStructures.classId))
    .where(and(eq(feeStructures.schoolId, schoolId), termId ? eq(feeStructures.termId, termId) : undefined, ids ? inArray(feeStructures.id, ids) : undefined))
    .orderBy(sql`${terms.startsOn} desc`, asc(levels.levelOrder), sql`${classes.name} nulls first`, asc(feeStructures.boarding));
}

/** The items of the structures `structureIds` (non-empty), by sort order, then name. */
export async function listItemsOfStructures(tx: Tx, structureIds: string[]): Promise<StructureItemRecord[]> {
  return tx
    .select()
    .from(feeStructureItems)
    .where(inArray(feeStructureItems.structureId, structureIds))
    .orderBy(asc(feeStructureItems.sortOrder), asc(feeStructureItems.name));
}

/** The items of the structures `structureIds` (non-empty), unordered. */
export async function itemsOfStructures(tx: Tx, structureIds: string[]): Promise<StructureItemRecord[]> {
  return tx.select().from(feeStructureItems).where(inArray(feeStructureItems.structureId, structureIds));
}

/** Every structure of the term (any school the transaction sees: the term is the school's), unordered. */
export async function structuresOfTerm(tx: Tx, termId: string): Promise<StructureRecord[]> {
  return tx.select().from(feeStructures).where(eq(feeStructures.termId, termId));
}

/** The school's level `levelId`, or undefined. */
export async function findLevel(tx: Tx, schoolId: string, levelId: string) {
  const [level] = await tx.select().from(levels).where(and(eq(levels.schoolId, schoolId), eq(levels.id, levelId)));
  return level;
}

/** The school's class (stream) `classId`, or undefined. */
export async function findClass(tx: Tx, schoolId: string, classId: string) {
  const [cls] = await tx.select().from(classes).where(and(eq(classes.schoolId, schoolId), eq(classes.id, classId)));
  return cls;
}

/** The id of the term's structure for the level, stream (null: the whole level) and boarding, or undefined. */
export async function findSameStructure(tx: Tx, termId: string, levelId: string, classId: string | null, boarding: string): Promise<{ id: string } | undefined> {
  const [dup] = await tx
    .select({ id: feeStructures.id })
    .from(feeStructures)
    .where(
      and(
        eq(feeStructures.termId, termId),
        eq(feeStructures.levelId, levelId),
        classId ? eq(feeStructures.classId, classId) : sql`${feeStructures.classId} is null`,
        eq(feeStructures.boarding, boarding),
      ),
    );
  return dup;
}

/** Inserts a structure and returns the new row. */
export async function insertStructure(tx: Tx, values: typeof feeStructures.$inferInsert): Promise<StructureRecord | undefined> {
  const [row] = await tx.insert(feeStructures).values(values).returning();
  return row;
}

/** Writes `patch` onto structure `id`. */
export async function updateStructureFields(tx: Tx, id: string, patch: StructurePatch): Promise<void> {
  await tx.update(feeStructures).set(patch).where(eq(feeStructures.id, id));
}

/** Deletes every item of structure `structureId`. */
export async function deleteStructureItems(tx: Tx, structureId: string): Promise<void> {
  await tx.delete(feeStructureItems).where(eq(feeStructureItems.structureId, structureId));
}

/** Inserts structure items (amounts in KES cents). */
export async function insertStructureItems(tx: Tx, items: (typeof feeStructureItems.$inferInsert)[]): Promise<void> {
  await tx.insert(feeStructureItems).values(items);
}

/** Unlinks every invoice made from structure `id` (invoices keep their lines). */
export async function detachInvoicesFromStructure(tx: Tx, id: string): Promise<void> {
  await tx.update(invoices).set({ structureId: null }).where(eq(invoices.structureId, id));
}

/** Deletes structure `id`. */
export async function deleteStructureRow(tx: Tx, id: string): Promise<void> {
  await tx.delete(feeStructures).where(eq(feeStructures.id, id));
}

/** The classes (streams) of academic year `academicYearId`: id and name, unordered. */
export async function classesOfYear(tx: Tx, academicYearId: string): Promise<{ id: string; name: string }[]> {
  return tx.select({ id: classes.id, name: classes.name }).from(classes).where(eq(classes.academicYearId, academicYearId));
}

/** How many structures the term has. */
export async function countStructuresOfTerm(tx: Tx, termId: string): Promise<number> {
  const [n] = await tx.select({ n: count() }).from(feeStructures).where(eq(feeStructures.termId, termId));
  return Number(n?.n ?? 0);
}
