import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.js';

/**
 * EduFam's own company details (issue 18 §4 "Company management"): one row, used on platform
 * invoices, receipts and e-mails. Platform context only (RLS in drizzle/0019_platform_ops.sql).
 */
export const platformCompany = pgTable('platform_company', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** KRA PIN, e.g. P051234567X (printed on every platform invoice). */
  kraPin: text('kra_pin'),
  address: text('address'),
  email: text('email'),
  phone: text('phone'),
  website: text('website'),
  /** The platform's own M-Pesa paybill (business short code) for school subscription payments. */
  paybill: text('paybill'),
  bankName: text('bank_name'),
  bankBranch: text('bank_branch'),
  bankAccountName: text('bank_account_name'),
  bankAccountNumber: text('bank_account_number'),
  /** Stored file key of the logo (files module), or null. */
  logoFileKey: text('logo_file_key'),
  updatedAt,
  updatedBy: uuid('updated_by'),
});

/** EduFam's platform_company row as stored. */
export type CompanyRow = typeof platformCompany.$inferSelect;
