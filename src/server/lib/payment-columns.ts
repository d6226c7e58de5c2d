import { payments } from '../db/schema/index.js';

/**
 * What a fee payment says (payments): receipt number, kind (payment or reversal), amount in KES cents,
 * method and reference, the day it was paid, where it came from, the payer and the officer's notes and
 * reversal reason. Spread into a select (`{ id: payments.id, ...paymentDetailColumns }`); the fees
 * screens and a learner's data export read payments through it.
 */
export const paymentDetailColumns = {
  receiptNumber: payments.receiptNumber,
  kind: payments.kind,
  amountCents: payments.amountCents,
  method: payments.method,
  reference: payments.reference,
  paidOn: payments.paidOn,
  source: payments.source,
  payerName: payments.payerName,
  payerPhone: payments.payerPhone,
  notes: payments.notes,
  reason: payments.reason,
};
