import * as React from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@/lib/zod-resolver';
import { z } from 'zod';
import { CalendarClock, Hash, Layers3, MessageSquareText, Save, Scale, ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import { ALLOCATION_RULES, type FinanceSettings, type UpdateFinanceSettingsBody } from '@shared/contracts/fees';
import { messages } from '@shared/messages';
import { kesToCents } from '@shared/money';
import { FormErrorAlert } from '@/components/form-feedback';
import { QueryErrorCard } from '@/components/query-error-card';
import { PendingButton } from '@/components/pending-button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { describedBy, Field, FormSection } from '@/components/field';
import { useFinanceSettings, useSaveFinanceSettings } from '../api/fees';
import { mm } from '../mpesa/common';
import { applyServerErrors, ChoiceCards, type Choice } from './form-bits';
import { SwitchRow } from '@/components/switch-row';

const t = mm.feeSettings;
const FIELDS = ['allocationRule', 'waiverApprovalLimit', 'receiptPrefix', 'invoicePrefix', 'smsReceipts', 'invoiceDueDays'] as const;
type Rule = (typeof ALLOCATION_RULES)[number];
const RULE_CHOICES: Choice<Rule>[] = ALLOCATION_RULES.map((r) => ({ value: r, label: t.allocationRules[r].label, text: t.allocationRules[r].text, icon: r === 'oldest_first' ? Layers3 : CalendarClock }));

interface FeeForm {
  allocationRule: Rule;
  waiverApprovalLimit: string;
  receiptPrefix: string;
  invoicePrefix: string;
  smsReceipts: boolean;
  invoiceDueDays: string;
}

const prefix = z.string().trim().min(1, t.prefixLength).max(12, t.prefixLength).regex(/^[A-Za-z0-9/_-]+$/, t.prefixInvalid);
const schema = z.object({
  allocationRule: z.enum(ALLOCATION_RULES),
  waiverApprovalLimit: z.string().refine((v) => {
    const c = kesToCents(v);
    return c !== null && c >= 0;
  }, messages.fees.amountInvalid),
  receiptPrefix: prefix,
  invoicePrefix: prefix,
  smsReceipts: z.boolean(),
  invoiceDueDays: z.string().refine((v) => /^\d{1,3}$/.test(v.trim()) && Number(v) <= 120, t.dueDaysInvalid),
});

function defaultsOf(s: FinanceSettings): FeeForm {
  return {
    allocationRule: s.allocationRule,
    waiverApprovalLimit: String(s.waiverApprovalLimit),
    receiptPrefix: s.receiptPrefix,
    invoicePrefix: s.invoicePrefix,
    smsReceipts: s.smsReceipts,
    invoiceDueDays: String(s.invoiceDueDays),
  };
}

/** "RCT-000123": what the next numbers look like with this prefix. */
function Example({ prefix: p, testId }: { prefix: string; testId: string }) {
  const ok = /^[A-Za-z0-9/_-]{1,12}$/.test(p.trim());
  return (
    <p className="flex min-h-5 items-center gap-1.5 text-xs text-muted-foreground" aria-live="polite">
      <Hash className="size-3.5" aria-hidden />
      {ok ? (
        <span>
          {t.example}
          <span className="ml-1 rounded bg-primary/10 px-1.5 py-0.5 font-mono font-medium text-primary" data-testid={testId}>
            {p.trim()}000123
          </span>
        </span>
      ) : (
        '\u00a0'
      )}
    </p>
  );
}

/**
 * Fee settings (issue 11 §1, §2; decision 0008): the allocation rule, the waiver approval limit,
 * receipt and invoice prefixes with a live example, SMS receipts and days until an invoice is due. The
 * finance officer edits; the others see the same card with the controls disabled and no Save.
 */
export function FeeSettingsTab({ schoolId, canManage }: { schoolId: string | null; canManage: boolean }) {
  const query = useFinanceSettings(schoolId);
  if (query.isError) return <QueryErrorCard query={query} title={mm.common.loadFailed} retryLabel={mm.common.tryAgain} testId="fee-settings-error" />;
  if (!query.data) return <Skeleton className="h-[30rem] w-full max-w-4xl rounded-xl" />;
  return <FeeSettingsForm settings={query.data} canManage={canManage} />;
}

function FeeSettingsForm({ settings, canManage }: { settings: FinanceSettings; canManage: boolean }) {
  const save = useSaveFinanceSettings();
  const [formError, setFormError] = React.useState('');
  const form = useForm<FeeForm>({ resolver: zodResolver(schema), defaultValues: defaultsOf(settings) });
  const { register, control, handleSubmit, setError, reset, formState } = form;
  const errors = formState.errors;
  const receiptPrefix = useWatch({ control, name: 'receiptPrefix' });
  const invoicePrefix = useWatch({ control, name: 'invoicePrefix' });
  const smsReceipts = useWatch({ control, name: 'smsReceipts' });

  const onSubmit = handleSubmit(async (v) => {
    setFormError('');
    if (!formState.isDirty) {
      toast.info(t.unchanged);
      return;
    }
    const body: UpdateFinanceSettingsBody = {
      allocationRule: v.allocationRule,
      waiverApprovalLimit: v.waiverApprovalLimit.trim().replace(/,/g, ''),
      receiptPrefix: v.receiptPrefix.trim(),
      invoicePrefix: v.invoicePrefix.trim(),
      smsReceipts: v.smsReceipts,
      invoiceDueDays: Number(v.invoiceDueDays),
    };
    try {
      const saved = await save.mutateAsync(body);
      reset(defaultsOf(saved));
      toast.success(t.saved);
    } catch (err) {
      setFormError(applyServerErrors(err, setError, FIELDS, t.saveFailed));
    }
  });

  return (
    <FormSection title={t.title} description={t.description} icon={<Scale />} testId="fee-settings" className="max-w-4xl">
      <form onSubmit={onSubmit} noValidate data-testid="fee-settings-form">
        <fieldset disabled={!canManage} className="grid gap-6">
          <div className="grid gap-2.5">
            <p className="text-sm font-medium" id="fee-rule-label">
              {t.allocation}
            </p>
            <Controller
              control={control}
              name="allocationRule"
              render={({ field }) => <ChoiceCards value={field.value} onChange={field.onChange} choices={RULE_CHOICES} label={t.allocation} disabled={!canManage} testId="fee-rule" />}
            />
          </div>

          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="fee-receipt-prefix" label={t.receiptPrefix} error={errors.receiptPrefix?.message}>
              <Input id="fee-receipt-prefix" maxLength={12} autoComplete="off" className="font-mono" {...register('receiptPrefix')} {...describedBy('fee-receipt-prefix', errors.receiptPrefix?.message)} data-testid="fee-receipt-prefix" />
              <Example prefix={receiptPrefix} testId="fee-receipt-example" />
            </Field>
            <Field id="fee-invoice-prefix" label={t.invoicePrefix} error={errors.invoicePrefix?.message}>
              <Input id="fee-invoice-prefix" maxLength={12} autoComplete="off" className="font-mono" {...register('invoicePrefix')} {...describedBy('fee-invoice-prefix', errors.invoicePrefix?.message)} data-testid="fee-invoice-prefix" />
              <Example prefix={invoicePrefix} testId="fee-invoice-example" />
            </Field>
            <Field id="fee-waiver-limit" label={t.waiverLimit} error={errors.waiverApprovalLimit?.message} hint={t.waiverLimitHint}>
              <div className="relative">
                <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-xs text-muted-foreground">{mm.common.kes}</span>
                <Input id="fee-waiver-limit" inputMode="decimal" className="pl-11 tabular-nums" {...register('waiverApprovalLimit')} {...describedBy('fee-waiver-limit', errors.waiverApprovalLimit?.message, true)} data-testid="fee-waiver-limit" />
              </div>
            </Field>
            <Field id="fee-due-days" label={t.dueDays} error={errors.invoiceDueDays?.message} hint={t.dueDaysHint}>
              <Input id="fee-due-days" type="number" inputMode="numeric" min={0} max={120} className="tabular-nums" {...register('invoiceDueDays')} {...describedBy('fee-due-days', errors.invoiceDueDays?.message, true)} data-testid="fee-due-days" />
            </Field>
          </div>

          <Controller
            control={control}
            name="smsReceipts"
            render={({ field }) => (
              <SwitchRow
                id="fee-sms-receipts"
                icon={MessageSquareText}
                label={t.smsReceipts}
                text={t.smsReceiptsText}
                textId="fee-sms-text"
                textClassName="mt-1 text-xs text-muted-foreground"
                checked={field.value}
                onCheckedChange={field.onChange}
                disabled={!canManage}
                testId="fee-sms-receipts"
              >
                {smsReceipts && <p className="mt-2.5 max-w-md rounded-2xl rounded-tl-sm bg-muted px-3 py-2 text-xs leading-relaxed">{t.smsSample}</p>}
              </SwitchRow>
            )}
          />
        </fieldset>
        {formError && (
          <div className="mt-5">
            <FormErrorAlert title={t.saveFailed} detail={formError} testId="fee-settings-error-alert" />
          </div>
        )}
        {canManage ? (
          <div className="mt-6 flex justify-end border-t pt-4">
            <PendingButton type="submit" data-testid="fee-settings-save" pending={formState.isSubmitting} icon={Save}>
              {formState.isSubmitting ? mm.common.saving : t.save}
            </PendingButton>
          </div>
        ) : (
          <p className="mt-6 flex items-center gap-1.5 border-t pt-4 text-xs text-muted-foreground">
            <ShieldCheck className="size-3.5" aria-hidden />
            {mm.settings.subtitleReadOnly}
          </p>
        )}
      </form>
    </FormSection>
  );
}
