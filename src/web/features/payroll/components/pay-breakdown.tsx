import * as React from 'react';
import { Building2, Info } from 'lucide-react';
import { payrollScreens as m } from '@shared/messages/payroll-screens';
import { cn } from '@/lib/utils';
import { formatMoney } from '@/components/money';
import type { Calculation } from '../api/payroll';
import { formatDay } from '@shared/dates';

const b = m.breakdown;

/** One line of the payslip: label (and a note under it), then the amount on the right. */
function Row({ label, note, value, testId, minus, strong }: { label: string; note?: string; value: number; testId: string; minus?: boolean; strong?: boolean }) {
  return (
    <div className={cn('flex min-w-0 items-baseline justify-between gap-3 py-1.5', strong && 'font-semibold')}>
      <dt className="min-w-0">
        <span className={cn('text-sm', !strong && 'text-foreground/90')}>{label}</span>
        {note && (
          <span className="ml-1.5 inline-block rounded bg-muted px-1.5 py-px text-[11px] font-medium text-muted-foreground" data-testid={`${testId}-note`}>
            {note}
          </span>
        )}
      </dt>
      <dd className="shrink-0 text-sm whitespace-nowrap tabular-nums">
        {minus && value > 0 && <span className="text-muted-foreground" aria-hidden>−</span>}
        <span data-testid={testId}>{formatMoney(value)}</span>
      </dd>
    </div>
  );
}

function Group({ title, children }: { title?: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0 border-t py-2 first:border-t-0 first:pt-0">
      {title && <p className="pt-1 text-[11px] font-semibold tracking-wide text-muted-foreground uppercase">{title}</p>}
      <dl className="min-w-0">{children}</dl>
    </div>
  );
}

/**
 * Net pay as a banner in the primary colour: `label` on the left, "KES amount" on the right (the amount
 * carries `testId`). `large`: the calculator's bigger figure, with a shadow.
 */
export function NetPayBanner({ label, value, testId, large }: { label: string; value: number; testId: string; large?: boolean }) {
  return (
    <div className={cn('flex min-w-0 flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-lg bg-primary px-4 py-3.5 text-primary-foreground', large && 'shadow-sm')}>
      <span className="text-sm font-medium opacity-90">{label}</span>
      <span className={cn('text-2xl font-semibold tracking-tight whitespace-nowrap tabular-nums', large && 'sm:text-[1.75rem]')}>
        <span className="mr-1 text-sm font-medium opacity-80">KES</span>
        <span data-testid={testId}>{formatMoney(value)}</span>
      </span>
    </div>
  );
}

/**
 * The calculation as a payslip (issue 14 §5): gross pay, the statutory deductions (NSSF tiers with
 * their phase, SHIF, Housing Levy), the income tax steps, any other deductions, net pay, and what the
 * month costs the employer. `stale`: the inputs changed and a new answer is on its way.
 */
export function PayBreakdown({ calculation, stale }: { calculation: Calculation; stale?: boolean }) {
  const { body, result: r } = calculation;
  const phase = b.nssfPhase(r.nssf.phase);
  const pension = body.pensionContribution ?? 0;
  const medical = body.postRetirementMedical ?? 0;
  const other = body.otherDeductions ?? 0;
  return (
    <div className={cn('flex min-w-0 flex-col gap-4 transition-opacity', stale && 'opacity-60')} data-testid="payroll-breakdown" aria-busy={stale || undefined}>
      <div className="flex min-w-0 flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 className="text-sm font-semibold">{b.title}</h3>
        <p className="text-xs text-muted-foreground">
          {b.payDate(formatDay(body.payDate))} · {b.amountsIn}
        </p>
      </div>

      <div className="min-w-0 rounded-lg border bg-muted/10 px-3 py-2 sm:px-4">
        <Group>
          <Row label={b.grossPay} value={r.grossPay} testId="pay-gross" strong />
        </Group>
        <Group title={b.deductionsTitle}>
          <Row label={b.nssfTier1} note={phase} value={r.nssf.tier1} testId="pay-nssf-tier1" minus />
          <Row label={b.nssfTier2} note={phase} value={r.nssf.tier2} testId="pay-nssf-tier2" minus />
          <Row label={b.shif} value={r.shif} testId="pay-shif" minus />
          <Row label={b.housingLevy} value={r.ahl} testId="pay-housing-levy" minus />
        </Group>
        <Group title={b.taxTitle}>
          <Row label={b.taxablePay} value={r.taxablePay} testId="pay-taxable" />
          <Row label={b.taxBeforeRelief} value={r.taxBeforeRelief} testId="pay-tax-before-relief" />
          <Row label={b.personalRelief} value={r.personalRelief} testId="pay-personal-relief" minus />
          <Row label={b.paye} value={r.paye} testId="pay-paye" minus />
        </Group>
        {(pension > 0 || medical > 0 || other > 0) && (
          <Group title={b.otherTitle}>
            {pension > 0 && <Row label={b.pension} value={pension} testId="pay-pension" minus />}
            {medical > 0 && <Row label={b.postRetirementMedical} value={medical} testId="pay-post-retirement-medical" minus />}
            {other > 0 && <Row label={b.otherDeductions} value={other} testId="pay-other-deductions" minus />}
          </Group>
        )}
        <Group>
          <Row label={b.totalDeductions} value={r.totalDeductions} testId="pay-total-deductions" strong />
        </Group>
      </div>

      <NetPayBanner label={b.netPay} value={r.netPay} testId="pay-net" large />

      <section className="min-w-0 rounded-lg border px-3 py-2 sm:px-4" data-testid="payroll-employer">
        <h4 className="flex items-center gap-2 pt-1 pb-1 text-[11px] font-semibold tracking-wide text-muted-foreground uppercase">
          <Building2 className="size-3.5" aria-hidden />
          {b.employerTitle}
        </h4>
        <dl className="min-w-0">
          <Row label={b.grossPay} value={r.grossPay} testId="pay-employer-gross" />
          <Row label={b.employerNssf} value={r.employer.nssf} testId="pay-employer-nssf" />
          <Row label={b.employerHousingLevy} value={r.employer.ahl} testId="pay-employer-housing-levy" />
          <Row label={b.nita} value={r.employer.nita} testId="pay-employer-nita" />
        </dl>
        <dl className="mt-1 min-w-0 border-t pt-1">
          <Row label={b.totalCost} value={r.employer.totalCost} testId="pay-employer-total" strong />
        </dl>
      </section>

      <p className="flex gap-2 text-xs leading-relaxed text-muted-foreground" data-testid="payroll-note">
        <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden />
        <span>{b.note}</span>
      </p>
    </div>
  );
}
