import * as React from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@/lib/zod-resolver';
import { type LucideIcon } from 'lucide-react';
import {
  DEFAULT_ESTIMATED_DURATION,
  MAINTENANCE_MESSAGE_MAX,
  maintenanceForm,
  type MaintenanceFormValues,
} from '@shared/contracts/maintenance';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PendingButton } from '@/components/pending-button';

const m = messages.maintenance;

/**
 * Trimmed values of the form. Either may be empty: the server then uses the default message ("System is
 * under maintenance. Please try again later.") and "2-4 hours".
 */
export type MaintenanceFormOutput = { message: string; estimatedDuration: string };

/**
 * The maintenance message and estimated duration (spec §4: enable with message and estimated duration,
 * default "2-4 hours"; update message). Validated with the API's own rules; `onSubmit` gets the
 * trimmed values. Used by the Enable and the Update Message cards.
 */
export function MaintenanceForm({
  idPrefix,
  defaults,
  submitLabel,
  submitIcon: SubmitIcon,
  submitVariant = 'default',
  pending,
  onSubmit,
  testId,
  children,
}: {
  idPrefix: string;
  defaults: MaintenanceFormValues;
  submitLabel: string;
  submitIcon: LucideIcon;
  submitVariant?: 'default' | 'destructive';
  pending: boolean;
  onSubmit: (values: MaintenanceFormOutput) => void;
  testId: string;
  /** Extra controls shown above the submit button (the Enable card's bypass option). */
  children?: React.ReactNode;
}) {
  const form = useForm<MaintenanceFormValues, unknown, MaintenanceFormOutput>({
    resolver: zodResolver(maintenanceForm),
    defaultValues: defaults,
  });
  const { register, handleSubmit, formState, control, reset } = form;

  // A new saved value (another admin, a live event) replaces the form's defaults when untouched.
  const defaultsKey = `${defaults.message}\u0000${defaults.estimatedDuration}`;
  React.useEffect(() => {
    if (!formState.isDirty) reset({ message: defaults.message, estimatedDuration: defaults.estimatedDuration });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [defaultsKey]);

  const message = useWatch({ control, name: 'message' }) ?? '';
  const errors = formState.errors;
  const messageId = `${idPrefix}-message`;
  const durationId = `${idPrefix}-duration`;

  return (
    <form className="flex flex-col gap-5" onSubmit={handleSubmit(onSubmit)} noValidate data-testid={testId}>
      <div className="flex flex-col gap-2">
        <div className="flex items-baseline justify-between gap-3">
          <Label htmlFor={messageId}>{m.messageLabel}</Label>
          <span className={cn('text-xs tabular-nums text-muted-foreground', message.length > MAINTENANCE_MESSAGE_MAX && 'text-destructive')}>
            {message.length}/{MAINTENANCE_MESSAGE_MAX}
          </span>
        </div>
        <textarea
          id={messageId}
          rows={4}
          // Left empty, the spec's default message is used (spec §8 Maintenance): show it as the placeholder.
          placeholder={m.defaultMessage}
          aria-invalid={!!errors.message || undefined}
          aria-describedby={errors.message ? `${messageId}-error` : undefined}
          className={cn(
            'min-h-24 w-full resize-y rounded-md border border-input bg-card px-3 py-2 text-sm leading-relaxed shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60',
            errors.message && 'border-destructive focus-visible:outline-destructive',
          )}
          disabled={pending}
          {...register('message')}
        />
        {errors.message && (
          <p id={`${messageId}-error`} className="text-sm text-destructive" role="alert">
            {errors.message.message}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={durationId}>{m.durationLabel}</Label>
        <Input
          id={durationId}
          placeholder={DEFAULT_ESTIMATED_DURATION}
          aria-invalid={!!errors.estimatedDuration || undefined}
          aria-describedby={`${durationId}-hint`}
          className={cn('sm:max-w-xs', errors.estimatedDuration && 'border-destructive')}
          disabled={pending}
          {...register('estimatedDuration')}
        />
        {errors.estimatedDuration ? (
          <p className="text-sm text-destructive" role="alert">
            {errors.estimatedDuration.message}
          </p>
        ) : (
          <p id={`${durationId}-hint`} className="text-xs text-muted-foreground">
            {m.durationHint}
          </p>
        )}
      </div>
      {children}
      <div className="flex justify-end">
        <PendingButton type="submit" variant={submitVariant} pending={pending} icon={SubmitIcon} className="w-full sm:w-auto" data-testid={`${testId}-submit`}>
          {submitLabel}
        </PendingButton>
      </div>
    </form>
  );
}
