import type { InvoiceLineKind } from '../../../shared/contracts/billing.js';
import { formatKesLabel } from '../../../shared/money.js';

/**
 * The price of one school's term (issue 18 §1; docs/decisions/0017-platform-billing.md), pure:
 *   learner part = max(active learners × price per learner, plan minimum)
 *   subtotal     = learner part + chosen modules + setup fee (first invoice only)
 *   discount     = min(subtotal, round(subtotal × percent ÷ 100) + fixed discount)
 *   VAT          = round((subtotal − discount) × rate bps ÷ 10 000), half up
 *   total        = subtotal − discount + VAT
 * All amounts integer KES cents.
 */
export interface PriceInput {
  learnerCount: number;
  pricePerLearnerCents: number;
  minimumCents: number;
  setupFeeCents: number;
  /** The plan's modules the school chose (with their per-term price). */
  modules: { key: string; name: string; priceCents: number }[];
  /** True for the school's first invoice: the setup fee is charged once. */
  firstInvoice: boolean;
  discountPercent: number;
  discountCents: number;
  vatRateBps: number;
}

export interface PriceLine {
  kind: InvoiceLineKind;
  description: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
}

export interface PriceResult {
  lines: PriceLine[];
  subtotalCents: number;
  discountCents: number;
  vatCents: number;
  totalCents: number;
}

export function priceTerm(p: PriceInput): PriceResult {
  const lines: PriceLine[] = [];
  const perLearner = p.learnerCount * p.pricePerLearnerCents;
  if (perLearner >= p.minimumCents) {
    lines.push({
      kind: 'learners',
      description: `Active learners × ${formatKesLabel(p.pricePerLearnerCents)} per learner per term`,
      quantity: p.learnerCount,
      unitCents: p.pricePerLearnerCents,
      amountCents: perLearner,
    });
  } else {
    lines.push({
      kind: 'minimum',
      description: `Minimum charge per term (${p.learnerCount} learners × ${formatKesLabel(p.pricePerLearnerCents)} = ${formatKesLabel(perLearner)})`,
      quantity: 1,
      unitCents: p.minimumCents,
      amountCents: p.minimumCents,
    });
  }
  for (const mod of p.modules) {
    lines.push({ kind: 'module', description: `Module: ${mod.name}`, quantity: 1, unitCents: mod.priceCents, amountCents: mod.priceCents });
  }
  if (p.firstInvoice && p.setupFeeCents > 0) {
    lines.push({ kind: 'setup_fee', description: 'One-off setup and onboarding fee', quantity: 1, unitCents: p.setupFeeCents, amountCents: p.setupFeeCents });
  }
  const subtotalCents = lines.reduce((s, l) => s + l.amountCents, 0);
  const rawDiscount = Math.round((subtotalCents * p.discountPercent) / 100) + p.discountCents;
  const discountCents = Math.max(0, Math.min(subtotalCents, rawDiscount));
  if (discountCents > 0) {
    const what = [p.discountPercent > 0 ? `${p.discountPercent}%` : null, p.discountCents > 0 ? formatKesLabel(p.discountCents) : null].filter(Boolean).join(' + ');
    lines.push({ kind: 'discount', description: `Discount (${what})`, quantity: 1, unitCents: -discountCents, amountCents: -discountCents });
  }
  const taxable = subtotalCents - discountCents;
  const vatCents = Math.round((taxable * p.vatRateBps) / 10_000);
  return { lines, subtotalCents, discountCents, vatCents, totalCents: taxable + vatCents };
}

/** "16%" / "16.5%" from basis points. */
export function vatPercentLabel(bps: number): string {
  return `${Number((bps / 100).toFixed(2))}%`;
}
