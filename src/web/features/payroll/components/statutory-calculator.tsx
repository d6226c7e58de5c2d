import * as React from 'react';
import { Calculator, ChevronDown, Loader2, ReceiptText } from 'lucide-react';
import { calculatePayBody, type CalculatePayBody } from '@shared/contracts/payroll';
import { schoolToday } from '@shared/dates';
import { payrollScreens as m } from '@shared/messages/payroll-screens';
import { kesToCents } from '@shared/money';
import { cn } from '@/lib/utils';
import { ApiError } from '@/lib/api';
import { FormErrorAlert } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Field, FormSection, describedBy } from '@/components/field';
import { DateField } from '@/components/date-field';
import { useStatutoryCalculation } from '../api/payroll';
import { PayBreakdown } from './pay-breakdown';

const c = m.calculator;
const DEBOUNCE_MS = 450;

const FIELDS = ['grossPay', 'payDate', 'pensionContribution', 'postRetirementMedical', 'mortgageInterest', 'otherDeductions'] as const;
type FieldName = (typeof FIELDS)[number];
type Form = Record<FieldName, string>;
type FieldErrors = Partial<Record<FieldName, string>>;
const OPTIONAL: readonly FieldName[] = ['pensionContribution', 'postRetirementMedical', 'mortgageInterest', 'otherDeductions'];
const isField = (k: unknown): k is FieldName => FIELDS.includes(k as FieldName);

/** A typed amount as the API's KES number: blank → undefined, not an amount → NaN (the schema's message). */
function amount(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const cents = kesToCents(text);
  return cents === null ? Number.NaN : cents / 100;
}

/** The form checked with the API's own schema: the body, or each field's first error. */
function check(form: Form): { body: CalculatePayBody; errors: null } | { body: null; errors: FieldErrors } {
  const parsed = calculatePayBody.safeParse({
    grossPay: form.grossPay.trim() === '' ? Number.NaN : amount(form.grossPay),
    payDate: form.payDate,
    ...Object.fromEntries(OPTIONAL.map((k) => [k, amount(form[k])])),
  });
  if (parsed.success) return { body: parsed.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (isField(key) && !errors[key]) errors[key] = issue.message;
  }
  return { body: null, errors };
}

function AmountInput({ id, value, error, hint, onChange, placeholder }: { id: FieldName; value: string; error?: string; hint?: boolean; onChange: (v: string) => void; placeholder: string }) {
  return (
    <div className="relative">
      <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-xs font-medium text-muted-foreground" aria-hidden>
        KES
      </span>
      <Input
        id={`payroll-${id}`}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        className="pl-11 tabular-nums"
        {...describedBy(`payroll-${id}`, error, hint)}
        data-testid={`payroll-${id}`}
      />
    </div>
  );
}

/**
 * HR's statutory calculator (issue 14 §5): gross pay, pay date and the optional reliefs and deductions,
 * checked with the API's schema, then POST /api/payroll/calculate. It calculates on submit and again a
 * moment after each change; the API's field errors show under their fields.
 */
export function StatutoryCalculator() {
  const [form, setForm] = React.useState<Form>(() => ({
    grossPay: '',
    payDate: schoolToday(),
    pensionContribution: '',
    postRetirementMedical: '',
    mortgageInterest: '',
    otherDeductions: '',
  }));
  const [submitted, setSubmitted] = React.useState(false);
  const [more, setMore] = React.useState(false);
  const [committed, setCommitted] = React.useState<CalculatePayBody | null>(null);
  const checked = React.useMemo(() => check(form), [form]);
  const query = useStatutoryCalculation(committed);

  // Recalculate a moment after the last change (only once there is a gross pay to work with).
  const debounced = React.useRef<ReturnType<typeof setTimeout> | null>(null);
  React.useEffect(() => {
    if (!submitted && form.grossPay.trim() === '') return;
    debounced.current = setTimeout(() => setCommitted(checked.body), DEBOUNCE_MS);
    return () => {
      if (debounced.current) clearTimeout(debounced.current);
    };
  }, [checked, submitted, form.grossPay]);

  const set = (k: FieldName) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (debounced.current) clearTimeout(debounced.current);
    setSubmitted(true);
    setCommitted(checked.body);
    if (checked.errors && OPTIONAL.some((k) => checked.errors[k])) setMore(true);
    if (checked.body && committed && JSON.stringify(checked.body) === JSON.stringify(committed) && query.isError) void query.refetch();
  };

  // Errors: the form's own (blank fields only once submitted), else the API's for the inputs on screen.
  const apiError = committed && query.error ? query.error : null;
  const serverFields = apiError instanceof ApiError && apiError.fields ? apiError.fields : null;
  const errors: FieldErrors = {};
  if (checked.errors) {
    for (const k of FIELDS) if (checked.errors[k] && (submitted || form[k].trim() !== '')) errors[k] = checked.errors[k];
  } else if (serverFields && checked.body && JSON.stringify(checked.body) === JSON.stringify(committed)) {
    for (const [k, v] of Object.entries(serverFields)) if (isField(k)) errors[k] = v;
  }
  const hasFieldError = Object.keys(errors).length > 0;
  const showMore = more || OPTIONAL.some((k) => errors[k]);
  const moreCount = OPTIONAL.filter((k) => form[k].trim() !== '').length;
  const data = committed && !apiError ? query.data : undefined;
  const stale = !!data && (query.isPlaceholderData || query.isFetching || JSON.stringify(checked.body) !== JSON.stringify(committed));

  return (
    <FormSection title={c.title} description={c.description} icon={<Calculator aria-hidden />} testId="payroll-calculator">
      <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] xl:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <form onSubmit={submit} noValidate className="flex min-w-0 flex-col gap-5 [&_[aria-invalid=true]]:border-destructive" data-testid="payroll-form">
          <div className="grid min-w-0 gap-4 sm:grid-cols-2 lg:grid-cols-1">
            <Field id="payroll-grossPay" label={c.grossPay} error={errors.grossPay} hint={c.grossHint}>
              <AmountInput id="grossPay" value={form.grossPay} error={errors.grossPay} hint onChange={set('grossPay')} placeholder={c.grossPlaceholder} />
            </Field>
            <Field id="payroll-payDate" label={c.payDate} error={errors.payDate} hint={c.payDateHint}>
              <DateField
                id="payroll-payDate"
                value={form.payDate}
                onValueChange={(value) => set('payDate')(value)}
                className="tabular-nums"
                {...describedBy('payroll-payDate', errors.payDate, true)}
                data-testid="payroll-payDate"
              />
            </Field>
          </div>

          <div className="min-w-0 rounded-lg border">
            <button
              type="button"
              className="flex w-full cursor-pointer items-center justify-between gap-3 rounded-lg px-3 py-2.5 text-left outline-none hover:bg-muted/40 focus-visible:ring-2 focus-visible:ring-ring"
              aria-expanded={showMore}
              aria-controls="payroll-more"
              onClick={() => setMore((o) => !o)}
              data-testid="payroll-more-toggle"
            >
              <span className="min-w-0">
                <span className="block text-sm font-medium">
                  {c.moreDeductions}
                  {moreCount > 0 && <span className="ml-1.5 rounded-full bg-primary/10 px-1.5 py-0.5 text-xs font-medium text-primary tabular-nums">{moreCount}</span>}
                </span>
                <span className="block truncate text-xs text-muted-foreground">{c.moreDeductionsHint}</span>
              </span>
              <ChevronDown className={cn('size-4 shrink-0 text-muted-foreground transition-transform', showMore && 'rotate-180')} aria-hidden />
            </button>
            {showMore && (
              <div id="payroll-more" className="grid min-w-0 gap-4 border-t p-3 sm:grid-cols-2 lg:grid-cols-1" data-testid="payroll-more">
                {(
                  [
                    ['pensionContribution', c.pension, c.pensionHint],
                    ['postRetirementMedical', c.postRetirementMedical, c.postRetirementMedicalHint],
                    ['mortgageInterest', c.mortgageInterest, c.mortgageInterestHint],
                    ['otherDeductions', c.otherDeductions, c.otherDeductionsHint],
                  ] as const
                ).map(([k, label, hint]) => (
                  <Field key={k} id={`payroll-${k}`} label={label} optional error={errors[k]} hint={hint}>
                    <AmountInput id={k} value={form[k]} error={errors[k]} hint onChange={set(k)} placeholder={c.amountPlaceholder} />
                  </Field>
                ))}
              </div>
            )}
          </div>

          {apiError && !serverFields && <FormErrorAlert title={c.failed} detail={apiError.message} testId="payroll-error" />}
          <Button type="submit" className="w-full" disabled={query.isFetching} data-testid="payroll-submit">
            {query.isFetching ? <Loader2 className="animate-spin" aria-hidden /> : <Calculator aria-hidden />}
            {query.isFetching ? c.calculating : c.submit}
          </Button>
        </form>

        <div className="min-w-0 lg:border-l lg:pl-6" aria-live="polite">
          {data ? (
            <PayBreakdown calculation={data} stale={stale} />
          ) : (
            <div className="flex h-full min-h-48 flex-col items-center justify-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center" data-testid="payroll-empty">
              <span className="flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground">
                <ReceiptText className="size-5" aria-hidden />
              </span>
              <p className="text-sm font-medium">{c.emptyTitle}</p>
              <p className="max-w-xs text-sm text-muted-foreground">{hasFieldError ? c.fixErrors : c.emptyText}</p>
            </div>
          )}
        </div>
      </div>
    </FormSection>
  );
}
