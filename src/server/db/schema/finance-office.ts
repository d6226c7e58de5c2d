import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { files } from './learners.js';
import { invoices } from './fees.js';
import { staffMembers } from './hr.js';
import { schools, students, terms } from './tenancy.js';
import { cents, createdAt, requiredRef, updatedAt } from './columns.js';
import { decisionColumns, profileRef, schoolRow } from './tenant-columns.js';
import { voteHeads } from './vote-heads.js';

/**
 * The finance office beyond fee collection (issue 15): expenses with approvals, budgets and petty cash;
 * transport (routes, stops, vehicles, drivers, trips, learners on routes); the store (items, suppliers,
 * stock movements, stock takes); and charges to a learner's fee account from transport and store sales.
 * Money is integer KES cents (bigint, mode number); dates are calendar dates in Africa/Nairobi. Every
 * table carries school_id and is guarded by row-level security (drizzle/0011_finance_office.sql).
 */

// ---------------------------------------------------------------------------------------------------
// Expenses, petty cash and budgets (issue 15 §1)

/** Expense categories, configurable per school (seeded: food, utilities, maintenance, transport fuel, ...). */
export const expenseCategories = pgTable(
  'expense_categories',
  {
    ...schoolRow(),
    name: text('name').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /** The vote head the category's spending is charged to (issue 35 §3: the vote-head cash book). */
    voteHeadId: uuid('vote_head_id').references(() => voteHeads.id),
    createdAt,
  },
  (t) => [uniqueIndex('expense_categories_name_uq').on(t.schoolId, sql`lower(${t.name})`)],
);

/** An expense_categories row as stored. */
export type ExpenseCategoryRow = typeof expenseCategories.$inferSelect;

/**
 * Suppliers the school buys from: payees of expenses and sources of store stock (issue 15 §1, §5).
 */
export const suppliers = pgTable(
  'suppliers',
  {
    ...schoolRow(),
    name: text('name').notNull(),
    contactName: text('contact_name'),
    phone: text('phone'),
    email: text('email'),
    kraPin: text('kra_pin'),
    notes: text('notes'),
    active: boolean('active').notNull().default(true),
    createdAt,
  },
  (t) => [uniqueIndex('suppliers_name_uq').on(t.schoolId, sql`lower(${t.name})`)],
);

/**
 * Per-school settings of the finance office: the amount at or above which an expense waits for the
 * principal or director (issue 15 §1), the petty-cash float (imprest), and how a learner's transport
 * fee is charged when they join a route mid-term (issue 15 §4).
 */
export const financeOfficeSettings = pgTable(
  'finance_office_settings',
  {
    schoolId: uuid('school_id')
      .primaryKey()
      .references(() => schools.id),
    expenseApprovalCents: cents('expense_approval_cents').notNull().default(5_000_000),
    pettyCashFloatCents: cents('petty_cash_float_cents').notNull().default(2_000_000),
    /** next_invoice | current_pro_rata */
    transportCharge: text('transport_charge').notNull().default('next_invoice'),
    updatedBy: profileRef('updated_by'),
    updatedAt,
  },
  (t) => [
    check('finance_office_settings_limit_check', sql`${t.expenseApprovalCents} >= 0 and ${t.pettyCashFloatCents} >= 0`),
    check('finance_office_settings_transport_check', sql`${t.transportCharge} in ('next_invoice', 'current_pro_rata')`),
  ],
);

/**
 * An expense (issue 15 §1). status: pending (waits for the principal or director: amount at or above
 * the school's limit), approved (may be paid), rejected, paid. An expense under the limit is recorded
 * as paid. number is EXP-<year>-<n> from document_sequences kind 'expense'.
 */
export const expenses = pgTable(
  'expenses',
  {
    ...schoolRow(),
    number: text('number').notNull(),
    spentOn: date('spent_on').notNull(),
    termId: uuid('term_id').references(() => terms.id),
    categoryId: requiredRef('category_id', () => expenseCategories.id),
    supplierId: uuid('supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    payee: text('payee').notNull(),
    description: text('description').notNull(),
    amountCents: cents('amount_cents').notNull(),
    /** cash | mpesa | bank_transfer | cheque | petty_cash */
    method: text('method').notNull(),
    reference: text('reference'),
    attachmentFileId: uuid('attachment_file_id').references(() => files.id, { onDelete: 'set null' }),
    notes: text('notes'),
    status: text('status').notNull(),
    /** When the expense takes its category's budget past the amount: what the warning said and why it went ahead. */
    overBudgetReason: text('over_budget_reason'),
    paidOn: date('paid_on'),
    paidBy: profileRef('paid_by'),
    ...decisionColumns(),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('expenses_number_uq').on(t.schoolId, t.number),
    index('expenses_school_day_idx').on(t.schoolId, t.spentOn),
    index('expenses_school_status_idx').on(t.schoolId, t.status),
    index('expenses_category_idx').on(t.categoryId, t.spentOn),
    check('expenses_amount_check', sql`${t.amountCents} > 0`),
    check('expenses_status_check', sql`${t.status} in ('pending', 'approved', 'rejected', 'paid')`),
    check('expenses_method_check', sql`${t.method} in ('cash', 'mpesa', 'bank_transfer', 'cheque', 'petty_cash')`),
  ],
);

/** An expenses row as stored (money in KES cents). */
export type ExpenseRow = typeof expenses.$inferSelect;

/**
 * Petty-cash book (issue 15 §1): top-ups (positive), expenses paid from petty cash (negative, with
 * expense_id) and counted corrections. The balance is the sum; the float is in finance_office_settings.
 */
export const pettyCashEntries = pgTable(
  'petty_cash_entries',
  {
    ...schoolRow(),
    /** top_up | expense | adjustment */
    kind: text('kind').notNull(),
    amountCents: cents('amount_cents').notNull(),
    entryOn: date('entry_on').notNull(),
    expenseId: uuid('expense_id').references(() => expenses.id),
    reference: text('reference'),
    note: text('note'),
    createdBy: profileRef('created_by'),
    createdAt,
  },
  (t) => [
    index('petty_cash_school_idx').on(t.schoolId, t.entryOn),
    uniqueIndex('petty_cash_expense_uq').on(t.expenseId),
    check('petty_cash_kind_check', sql`${t.kind} in ('top_up', 'expense', 'adjustment')`),
    check('petty_cash_amount_check', sql`${t.amountCents} <> 0`),
  ],
);

/** A petty_cash_entries row as stored (money in KES cents). */
export type PettyCashEntryRow = typeof pettyCashEntries.$inferSelect;

/**
 * A budget for one category over one term (term_id set) or one calendar year (term_id null, year set)
 * (issue 15 §1). At most one per category and period.
 */
export const budgets = pgTable(
  'budgets',
  {
    ...schoolRow(),
    categoryId: requiredRef('category_id', () => expenseCategories.id, { onDelete: 'cascade' }),
    termId: uuid('term_id').references(() => terms.id),
    year: integer('year').notNull(),
    amountCents: cents('amount_cents').notNull(),
    notes: text('notes'),
    createdBy: profileRef('created_by'),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('budgets_term_uq').on(t.categoryId, t.termId).where(sql`${t.termId} is not null`),
    uniqueIndex('budgets_year_uq').on(t.categoryId, t.year).where(sql`${t.termId} is null`),
    index('budgets_school_idx').on(t.schoolId, t.year),
    check('budgets_amount_check', sql`${t.amountCents} >= 0`),
  ],
);

/** A budgets row as stored (money in KES cents). */
export type BudgetRow = typeof budgets.$inferSelect;

// ---------------------------------------------------------------------------------------------------
// Transport (issue 15 §4)

/** A school vehicle (registration such as "KDA 123A"), with insurance and inspection expiry. */
export const transportVehicles = pgTable(
  'transport_vehicles',
  {
    ...schoolRow(),
    registration: text('registration').notNull(),
    make: text('make'),
    capacity: integer('capacity').notNull(),
    insuranceExpiresOn: date('insurance_expires_on'),
    inspectionExpiresOn: date('inspection_expires_on'),
    active: boolean('active').notNull().default(true),
    notes: text('notes'),
    createdAt,
  },
  (t) => [
    uniqueIndex('transport_vehicles_registration_uq').on(t.schoolId, t.registration),
    check('transport_vehicles_capacity_check', sql`${t.capacity} > 0`),
  ],
);

/** A transport_vehicles row as stored. */
export type TransportVehicleRow = typeof transportVehicles.$inferSelect;

/** A driver (licence number and expiry); optionally a staff record. */
export const transportDrivers = pgTable(
  'transport_drivers',
  {
    ...schoolRow(),
    staffId: uuid('staff_id').references(() => staffMembers.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    phone: text('phone'),
    licenceNumber: text('licence_number').notNull(),
    licenceExpiresOn: date('licence_expires_on'),
    active: boolean('active').notNull().default(true),
    createdAt,
  },
  (t) => [uniqueIndex('transport_drivers_licence_uq').on(t.schoolId, t.licenceNumber)],
);

/** A transport_drivers row as stored. */
export type TransportDriverRow = typeof transportDrivers.$inferSelect;

/**
 * A bus route with a termly fee (issue 15 §4). capacity null means the vehicle's capacity. A stop may
 * carry its own zone fee, which then replaces the route's fee for learners at that stop.
 */
export const transportRoutes = pgTable(
  'transport_routes',
  {
    ...schoolRow(),
    name: text('name').notNull(),
    description: text('description'),
    termFeeCents: cents('term_fee_cents').notNull(),
    vehicleId: uuid('vehicle_id').references(() => transportVehicles.id, { onDelete: 'set null' }),
    capacity: integer('capacity'),
    active: boolean('active').notNull().default(true),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('transport_routes_name_uq').on(t.schoolId, sql`lower(${t.name})`),
    check('transport_routes_fee_check', sql`${t.termFeeCents} >= 0`),
    check('transport_routes_capacity_check', sql`${t.capacity} is null or ${t.capacity} > 0`),
  ],
);

/** A transport_routes row as stored (fee in KES cents). */
export type TransportRouteRow = typeof transportRoutes.$inferSelect;

/** An ordered stop of a route, with pick-up and drop-off times ('HH:MM') and an optional zone fee. */
export const transportStops = pgTable(
  'transport_stops',
  {
    ...schoolRow(),
    routeId: requiredRef('route_id', () => transportRoutes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sequence: integer('sequence').notNull(),
    pickupTime: text('pickup_time'),
    dropoffTime: text('dropoff_time'),
    zoneFeeCents: cents('zone_fee_cents'),
    createdAt,
  },
  (t) => [index('transport_stops_route_idx').on(t.routeId, t.sequence), check('transport_stops_fee_check', sql`${t.zoneFeeCents} is null or ${t.zoneFeeCents} >= 0`)],
);

/** A transport_stops row as stored. */
export type TransportStopRow = typeof transportStops.$inferSelect;

/**
 * A trip assignment: which vehicle and driver run a route, for which leg (morning | evening | both)
 * from a date. inspection_warning keeps the warning shown when the vehicle's inspection had expired.
 */
export const transportTrips = pgTable(
  'transport_trips',
  {
    ...schoolRow(),
    routeId: requiredRef('route_id', () => transportRoutes.id, { onDelete: 'cascade' }),
    vehicleId: requiredRef('vehicle_id', () => transportVehicles.id),
    driverId: uuid('driver_id').references(() => transportDrivers.id, { onDelete: 'set null' }),
    leg: text('leg').notNull().default('both'),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on'),
    warning: text('warning'),
    createdBy: profileRef('created_by'),
    createdAt,
  },
  (t) => [index('transport_trips_route_idx').on(t.routeId, t.startsOn), check('transport_trips_leg_check', sql`${t.leg} in ('morning', 'evening', 'both')`)],
);

/** A transport_trips row as stored. */
export type TransportTripRow = typeof transportTrips.$inferSelect;

/**
 * A learner on a route at a stop (issue 15 §4). At most one active assignment per learner. While
 * active, each term's invoice generation adds the route's (or the stop's zone) fee as a line.
 */
export const transportAssignments = pgTable(
  'transport_assignments',
  {
    ...schoolRow(),
    studentId: requiredRef('student_id', () => students.id),
    routeId: requiredRef('route_id', () => transportRoutes.id),
    stopId: requiredRef('stop_id', () => transportStops.id),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on'),
    /** active | ended */
    status: text('status').notNull().default('active'),
    createdBy: profileRef('created_by'),
    createdAt,
  },
  (t) => [
    uniqueIndex('transport_assignments_active_uq').on(t.studentId).where(sql`${t.status} = 'active'`),
    index('transport_assignments_route_idx').on(t.routeId, t.status),
    check('transport_assignments_status_check', sql`${t.status} in ('active', 'ended')`),
  ],
);

/** A learner's transport_assignments row as stored. */
export type TransportAssignmentRow = typeof transportAssignments.$inferSelect;

// ---------------------------------------------------------------------------------------------------
// Inventory (issue 15 §5)

/**
 * A store item. quantity_on_hand and average_cost_cents (weighted average cost) are maintained by the
 * movements written in the same transaction; sale_price_cents is what a learner is charged (uniform).
 */
export const inventoryItems = pgTable(
  'inventory_items',
  {
    ...schoolRow(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    unit: text('unit').notNull().default('piece'),
    reorderLevel: integer('reorder_level').notNull().default(0),
    quantityOnHand: integer('quantity_on_hand').notNull().default(0),
    averageCostCents: cents('average_cost_cents').notNull().default(0),
    salePriceCents: cents('sale_price_cents'),
    supplierId: uuid('supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    active: boolean('active').notNull().default(true),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('inventory_items_code_uq').on(t.schoolId, sql`lower(${t.code})`),
    index('inventory_items_school_idx').on(t.schoolId, t.category, t.name),
    check('inventory_items_quantity_check', sql`${t.quantityOnHand} >= 0`),
    check('inventory_items_reorder_check', sql`${t.reorderLevel} >= 0`),
    check('inventory_items_cost_check', sql`${t.averageCostCents} >= 0 and (${t.salePriceCents} is null or ${t.salePriceCents} >= 0)`),
  ],
);

/** A counted stock take; its differences are written as adjustment movements with a reason. */
export const stockTakes = pgTable('stock_takes', {
  ...schoolRow(),
  countedOn: date('counted_on').notNull(),
  note: text('note'),
  createdBy: profileRef('created_by'),
  createdAt,
});

/**
 * A stock movement (issue 15 §5). quantity is signed: stock_in and opening add, issue and sale
 * subtract, adjustment either way. A sale to a learner carries the invoice it was charged to.
 * balance_after and average_cost_after record the item as it stood after this movement.
 */
export const inventoryMovements = pgTable(
  'inventory_movements',
  {
    ...schoolRow(),
    itemId: requiredRef('item_id', () => inventoryItems.id),
    type: text('type').notNull(),
    quantity: integer('quantity').notNull(),
    unitCostCents: cents('unit_cost_cents').notNull().default(0),
    /** For a sale: the price per unit charged to the learner. */
    unitPriceCents: cents('unit_price_cents'),
    supplierId: uuid('supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    department: text('department'),
    studentId: uuid('student_id').references(() => students.id),
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    stockTakeId: uuid('stock_take_id').references(() => stockTakes.id),
    reason: text('reason'),
    reference: text('reference'),
    movedOn: date('moved_on').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    averageCostAfterCents: cents('average_cost_after_cents').notNull(),
    createdBy: profileRef('created_by'),
    createdAt,
  },
  (t) => [
    index('inventory_movements_item_idx').on(t.itemId, t.createdAt),
    index('inventory_movements_school_idx').on(t.schoolId, t.movedOn),
    check('inventory_movements_type_check', sql`${t.type} in ('opening', 'stock_in', 'issue', 'sale', 'adjustment')`),
    check('inventory_movements_quantity_check', sql`${t.quantity} <> 0`),
  ],
);

// ---------------------------------------------------------------------------------------------------
// Charges to a learner's fee account (issue 15 §4, §5)

/**
 * A charge to a learner's account from outside the fee structure: a store sale (uniform) or a
 * pro-rata transport fee. status invoiced: added as a line to invoice_id (its total raised in the same
 * transaction, so the balance rises at once); pending: waits for the learner's next invoice;
 * cancelled: withdrawn before it was invoiced. source_id is the movement or assignment it came from.
 */
export const studentCharges = pgTable(
  'student_charges',
  {
    ...schoolRow(),
    studentId: requiredRef('student_id', () => students.id),
    /** inventory_sale | transport */
    source: text('source').notNull(),
    sourceId: uuid('source_id').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    amountCents: cents('amount_cents').notNull(),
    status: text('status').notNull(),
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    invoiceLineId: uuid('invoice_line_id'),
    createdBy: profileRef('created_by'),
    createdAt,
  },
  (t) => [
    index('student_charges_student_idx').on(t.studentId, t.status),
    index('student_charges_source_idx').on(t.source, t.sourceId),
    check('student_charges_amount_check', sql`${t.amountCents} > 0`),
    check('student_charges_status_check', sql`${t.status} in ('pending', 'invoiced', 'cancelled')`),
    check('student_charges_source_check', sql`${t.source} in ('inventory_sale', 'transport')`),
  ],
);
