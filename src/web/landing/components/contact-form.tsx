import * as React from 'react';
import * as z from 'zod/mini';
import { CheckCircle2, Send } from 'lucide-react';
import { contact, CONTACT_SENT_MS } from '../content';
import { buttonClass, cx } from './ui';

const f = contact.form;

/**
 * The contact form's rules (spec §2 Other screens: name, email and message required; school and phone
 * optional). zod/mini keeps the landing bundle small.
 */
const contactSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, f.nameRequired)),
  email: z.string().check(z.trim(), z.minLength(1, f.emailRequired), z.email(f.emailInvalid)),
  school: z.string().check(z.trim()),
  phone: z.string().check(z.trim()),
  message: z.string().check(z.trim(), z.minLength(1, f.messageRequired)),
});

type Values = z.infer<typeof contactSchema>;
type Field = keyof Values;
const EMPTY: Values = { name: '', email: '', school: '', phone: '', message: '' };
const ORDER: Field[] = ['name', 'email', 'school', 'phone', 'message'];

/** First message per field of a failed parse. */
function fieldErrors(values: Values): Partial<Record<Field, string>> {
  const parsed = contactSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as Field;
    errors[key] ??= issue.message;
  }
  return errors;
}

function FieldShell({
  id,
  label,
  optional,
  error,
  children,
}: {
  id: string;
  label: string;
  optional?: boolean;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {optional && <span className="font-normal text-muted-foreground"> ({f.optional})</span>}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive" data-testid={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

const inputClass = (invalid: boolean) =>
  cx(
    'w-full rounded-lg border bg-background px-3.5 py-2.5 text-base shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring sm:text-sm',
    invalid ? 'border-destructive' : 'border-input',
  );

/**
 * The marketing contact form. Nothing is sent anywhere (spec §2: "Submit only logs locally"): a valid
 * submission is written to the browser console, the form clears and "Message Sent! We'll get back to
 * you within 24 hours." shows for 3 seconds. Errors show under each field after a submit attempt and
 * update as the user types; focus moves to the first invalid field.
 */
export function ContactForm() {
  const [values, setValues] = React.useState<Values>(EMPTY);
  const [errors, setErrors] = React.useState<Partial<Record<Field, string>>>({});
  const [submitted, setSubmitted] = React.useState(false);
  const [sent, setSent] = React.useState(false);
  const formRef = React.useRef<HTMLFormElement>(null);

  React.useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(() => setSent(false), CONTACT_SENT_MS);
    return () => window.clearTimeout(timer);
  }, [sent]);

  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = { ...values, [field]: e.target.value };
    setValues(next);
    if (submitted) setErrors(fieldErrors(next));
  };

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = fieldErrors(values);
    setSubmitted(true);
    setErrors(found);
    const first = ORDER.find((k) => found[k]);
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`#contact-${first}`)?.focus();
      return;
    }
    console.info('[EduFam contact] message logged locally, not sent:', contactSchema.parse(values));
    setValues(EMPTY);
    setSubmitted(false);
    setSent(true);
  };

  const props = (field: Field) => ({
    id: `contact-${field}`,
    name: field,
    value: values[field],
    onChange: set(field),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `contact-${field}-error` : undefined,
    className: inputClass(!!errors[field]),
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-5" data-testid="contact-form" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className="text-xl font-semibold">
        {f.title}
      </h2>
      <div className="grid gap-5 sm:grid-cols-2">
        <FieldShell id="contact-name" label={f.name} error={errors.name}>
          <input type="text" autoComplete="name" placeholder={f.namePlaceholder} {...props('name')} />
        </FieldShell>
        <FieldShell id="contact-email" label={f.email} error={errors.email}>
          <input type="email" autoComplete="email" inputMode="email" placeholder={f.emailPlaceholder} {...props('email')} />
        </FieldShell>
        <FieldShell id="contact-school" label={f.school} optional>
          <input type="text" autoComplete="organization" placeholder={f.schoolPlaceholder} {...props('school')} />
        </FieldShell>
        <FieldShell id="contact-phone" label={f.phone} optional>
          <input type="tel" autoComplete="tel" inputMode="tel" placeholder={f.phonePlaceholder} {...props('phone')} />
        </FieldShell>
      </div>
      <FieldShell id="contact-message" label={f.message} error={errors.message}>
        <textarea rows={5} placeholder={f.messagePlaceholder} {...props('message')} className={cx(inputClass(!!errors.message), 'resize-y')} />
      </FieldShell>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <button type="submit" className={buttonClass({ size: 'lg', className: 'w-full sm:w-auto' })} data-testid="contact-submit">
          <Send aria-hidden="true" />
          {f.submit}
        </button>
        <div role="status" aria-live="polite" className="min-h-6">
          {sent && (
            <p className="inline-flex items-center gap-2 text-sm font-medium text-emerald-700 dark:text-emerald-400" data-testid="contact-sent">
              <CheckCircle2 className="size-4" aria-hidden="true" />
              {f.sent}
            </p>
          )}
        </div>
      </div>
    </form>
  );
}
