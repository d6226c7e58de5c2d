import * as React from 'react';
import { toast } from 'sonner';
import { Building2, ImageUp, Landmark, Mail, Save } from 'lucide-react';
import { checkCompany, type Company, type UpdateCompanyBody } from '@shared/contracts/company';
import { companyScreens as s } from '@shared/messages/company-screens';
import { InputField, FormErrorAlert, useFormError } from '@/components/form-feedback';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useCompany, useSaveCompany, useUploadLogo } from './company-api';
import { formatInstant } from '@/lib/format';
import { PendingButton } from '@/components/pending-button';
import { textValues } from '@/lib/form-values';

const d = s.details;
type FormValues = Required<{ [K in keyof UpdateCompanyBody]: string }>;

const toForm = (c: Company): FormValues => ({
  ...textValues(c, ['name', 'kraPin', 'address', 'email', 'website', 'paybill', 'bankName', 'bankBranch', 'bankAccountName', 'bankAccountNumber']),
  phone: c.phone ? `+${c.phone}` : '',
});

/** A titled group of fields inside the details form. */
function FieldGroup({ icon: Icon, title, children }: { icon: React.ComponentType<{ className?: string }>; title: string; children: React.ReactNode }) {
  return (
    <fieldset className="grid min-w-0 gap-4">
      <legend className="mb-3 flex items-center gap-2 text-sm font-semibold text-foreground">
        <Icon className="size-4 text-muted-foreground" aria-hidden />
        {title}
      </legend>
      <div className="grid min-w-0 gap-4 sm:grid-cols-2 [&>*]:content-start">{children}</div>
    </fieldset>
  );
}

/**
 * EduFam's company details (issue 18 §4): identity (name, KRA PIN, address), contact and payment
 * details, with the logo beside them. The same checks as the server run before sending (KRA PIN,
 * paybill, e-mail, Kenyan phone); the server's field errors show under their inputs.
 */
export function CompanyDetailsCard() {
  const q = useCompany();
  if (!q.data) return <Skeleton className="h-[36rem] rounded-xl" />;
  return <CompanyForm company={q.data} />;
}

function CompanyForm({ company }: { company: Company }) {
  const [values, setValues] = React.useState<FormValues>(() => toForm(company));
  const [checked, setChecked] = React.useState<Record<string, string>>({});
  const save = useSaveCompany();
  const err = useFormError();
  const initial = React.useMemo(() => toForm(company), [company]);
  const dirty = (Object.keys(values) as (keyof FormValues)[]).some((k) => values[k] !== initial[k]);

  const field = (name: keyof FormValues) => ({
    id: `company-${name}`,
    name,
    value: values[name],
    error: checked[name] ?? err.field(name),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const v = e.target.value;
      setValues((prev) => ({ ...prev, [name]: v }));
      if (checked[name]) setChecked(({ [name]: _gone, ...rest }) => rest);
    },
    'data-testid': `company-${name}`,
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    err.clear();
    const check = checkCompany(values);
    if (!check.ok) {
      setChecked(check.fields);
      return;
    }
    setChecked({});
    save.mutate(values, {
      onSuccess: (res) => {
        setValues(toForm(res.company));
        toast.success(res.message);
      },
      onError: (e2) => err.fail(e2),
    });
  };

  return (
    <section className="grid min-w-0 gap-4 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start" data-testid="company-details">
      <form onSubmit={submit} noValidate className="min-w-0 rounded-xl border bg-card shadow-sm">
        <div className="flex flex-col gap-1 border-b px-5 py-4">
          <h2 className="text-base font-semibold">{d.title}</h2>
          <p className="text-sm text-muted-foreground">{d.description}</p>
        </div>
        <div className="grid min-w-0 gap-7 px-5 py-5">
          <FieldGroup icon={Building2} title={d.identity}>
            <InputField label={d.name} {...field('name')} className="sm:col-span-2" autoComplete="organization" />
            <InputField label={d.kraPin} hint={d.kraPinHint} {...field('kraPin')} className="[&_input]:font-mono [&_input]:uppercase" maxLength={20} />
            <InputField label={d.website} type="url" placeholder="https://" {...field('website')} />
            <InputField label={d.address} {...field('address')} className="sm:col-span-2" />
          </FieldGroup>
          <FieldGroup icon={Mail} title={d.contact}>
            <InputField label={d.email} type="email" {...field('email')} autoComplete="email" />
            <InputField label={d.phone} type="tel" {...field('phone')} autoComplete="tel" />
          </FieldGroup>
          <FieldGroup icon={Landmark} title={d.payments}>
            <InputField label={d.paybill} hint={d.paybillHint} inputMode="numeric" {...field('paybill')} className="sm:col-span-2 [&_input]:font-mono sm:[&_input]:max-w-48" />
            <InputField label={d.bankName} {...field('bankName')} />
            <InputField label={d.bankBranch} {...field('bankBranch')} />
            <InputField label={d.bankAccountName} {...field('bankAccountName')} />
            <InputField label={d.bankAccountNumber} inputMode="numeric" {...field('bankAccountNumber')} className="[&_input]:font-mono" />
          </FieldGroup>
          {err.error && <FormErrorAlert title={d.saveFailed} detail={err.error.message} testId="company-save-error" />}
        </div>
        <div className="flex flex-col-reverse gap-3 border-t bg-muted/30 px-5 py-3 sm:flex-row sm:items-center sm:justify-between">
          <p className={cn('text-xs', dirty ? 'font-medium text-amber-700 dark:text-amber-400' : 'text-muted-foreground')} data-testid="company-saved-at">
            {dirty ? d.unsaved : company.updatedAt ? d.lastSaved(formatInstant(company.updatedAt)) : ''}
          </p>
          <PendingButton type="submit" pending={save.isPending} icon={Save} data-testid="company-save" className="sm:min-w-36">
            {save.isPending ? d.saving : d.save}
          </PendingButton>
        </div>
      </form>
      <LogoCard company={company} />
    </section>
  );
}

/** The logo with a preview of the chosen file while it uploads. */
function LogoCard({ company }: { company: Company }) {
  const upload = useUploadLogo();
  const input = React.useRef<HTMLInputElement>(null);
  const [preview, setPreview] = React.useState<string | null>(null);
  const err = useFormError();
  React.useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const src = preview ?? company.logoUrl;

  const choose = (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    err.clear();
    setPreview(URL.createObjectURL(file));
    upload.mutate(file, {
      onSuccess: (res) => {
        toast.success(res.message);
        setPreview(null);
      },
      onError: (e2) => {
        setPreview(null);
        err.fail(e2);
      },
    });
  };

  return (
    <aside className="flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-5 shadow-sm" data-testid="company-logo">
      <div>
        <h2 className="text-base font-semibold">{s.logo.title}</h2>
        <p className="mt-1 text-xs text-muted-foreground">{s.logo.hint}</p>
      </div>
      <div className="flex h-40 items-center lg:h-auto lg:aspect-[4/3] justify-center overflow-hidden rounded-lg border border-dashed bg-muted/40 p-4">
        {src ? (
          <img src={src} alt={s.logo.alt} className={cn('max-h-full max-w-full object-contain', upload.isPending && 'opacity-60')} data-testid="company-logo-image" />
        ) : (
          <div className="flex flex-col items-center gap-2 text-sm text-muted-foreground">
            <ImageUp className="size-8 opacity-60" aria-hidden />
            {s.logo.none}
          </div>
        )}
      </div>
      <Label htmlFor="company-logo-file" className="sr-only">
        {s.logo.upload}
      </Label>
      <input id="company-logo-file" ref={input} type="file" accept="image/png,image/jpeg,image/webp" className="sr-only" onChange={choose} data-testid="company-logo-input" />
      <PendingButton type="button" variant="outline" onClick={() => input.current?.click()} pending={upload.isPending} icon={ImageUp} data-testid="company-logo-upload">
        {upload.isPending ? s.logo.uploading : company.logoUrl ? s.logo.replace : s.logo.upload}
      </PendingButton>
      {err.error && <FormErrorAlert title={s.logo.failed} detail={err.error.message} testId="company-logo-error" />}
    </aside>
  );
}
