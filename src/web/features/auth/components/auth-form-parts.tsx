import type * as React from 'react';
import { AlertCircle, CheckCircle2, Loader2 } from 'lucide-react';
import { messages } from '@shared/messages';
import { LabelledField } from '@/components/field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

/** A labelled tall (h-11) input of the sign-in screens; the other props go to the input. */
export function AuthInput({ id, label, ...props }: { id: string; label: string } & Omit<React.ComponentProps<typeof Input>, 'id' | 'className'>) {
  return (
    <LabelledField id={id} label={label} className="grid gap-2">
      <Input id={id} {...props} className="h-11" />
    </LabelledField>
  );
}

/** The e-mail input of the sign-in screens (its label, type, keyboard and placeholder); the other props go to the input. */
export function AuthEmailInput(props: { id: string } & Omit<React.ComponentProps<typeof Input>, 'id' | 'className' | 'type' | 'inputMode' | 'placeholder'>) {
  return <AuthInput label={messages.login.email} type="email" inputMode="email" placeholder={messages.login.emailPlaceholder} {...props} />;
}

/** The sign-in screens' message box: an error (red, alert icon) or a success (green, check icon). */
export function AuthAlert({
  tone = 'error',
  id,
  className,
  testId,
  children,
}: {
  tone?: 'error' | 'success';
  id?: string;
  className?: string;
  testId?: string;
  children: React.ReactNode;
}) {
  const Icon = tone === 'error' ? AlertCircle : CheckCircle2;
  return (
    <Alert id={id} variant={tone === 'error' ? 'destructive' : 'success'} className={cn('flex items-start gap-2.5 leading-relaxed', className)} data-testid={testId}>
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{children}</span>
    </Alert>
  );
}

/** The full-width submit button of the sign-in screens, with a spinner and `pendingLabel` while `pending`. */
export function AuthSubmit({
  pending,
  disabled = pending,
  label,
  pendingLabel,
  className = 'w-full font-semibold',
  testId,
}: {
  pending: boolean;
  disabled?: boolean;
  label: string;
  pendingLabel: string;
  className?: string;
  testId?: string;
}) {
  return (
    <Button type="submit" size="lg" className={className} disabled={disabled} data-testid={testId}>
      {pending && <Loader2 className="animate-spin" aria-hidden />}
      {pending ? pendingLabel : label}
    </Button>
  );
}
