import * as React from 'react';
import { toast } from 'sonner';
import { Layers, Plus, Trash2 } from 'lucide-react';
import type { BillingPlan } from '@shared/contracts/billing';
import { billingScreens as s } from '@shared/messages/billing-screens';
import { DataTable, type ColumnDef } from '@/components/data-table';
import { FormErrorAlert } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { Pill } from '@/components/status-pill';
import { Field } from '@/components/field';
import { FormDialog } from '@/components/form-dialog';
import { apiErrorOf, centsToInput, editColumn, Kes, kes, KesInput, parseKesInput, SaveDialogFooter, TextBox } from './billing-bits';
import { usePlans, useSavePlan } from './billing-api';

const t = s.plans;
const d = s.planDialog;

interface ModuleRow {
  /** Kept for modules that exist; new ones get a key from their name. */
  key: string | null;
  name: string;
  price: string;
}

/** "SMS bundle" → "sms_bundle" (the contract's module key: a letter, then letters, digits, _). */
function moduleKeyOf(name: string, taken: Set<string>): string {
  let base = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+|_+$/g, '')
    .slice(0, 36);
  if (base.length < 2) base = `module${base}`;
  let key = base;
  for (let i = 2; taken.has(key); i++) key = `${base}_${i}`;
  taken.add(key);
  return key;
}

/**
 * Create or edit a plan (issue 18 §1): name, price per active learner per term, minimum per term, setup
 * fee, optional modules with their own price, and whether schools are offered it. Prices are typed in KES
 * and sent in cents; a negative price is refused here and by the server.
 */
function PlanDialog({ plan, open, onClose }: { plan: BillingPlan | null; open: boolean; onClose: () => void }) {
  const [name, setName] = React.useState('');
  const [perLearner, setPerLearner] = React.useState('');
  const [minimum, setMinimum] = React.useState('');
  const [setupFee, setSetupFee] = React.useState('');
  const [active, setActive] = React.useState(true);
  const [modules, setModules] = React.useState<ModuleRow[]>([]);
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const save = useSavePlan();
  React.useEffect(() => {
    if (!open) return;
    setName(plan?.name ?? '');
    setPerLearner(plan ? centsToInput(plan.pricePerLearnerCents) : '');
    setMinimum(plan ? centsToInput(plan.minimumCents) : '0');
    setSetupFee(plan ? centsToInput(plan.setupFeeCents) : '0');
    setActive(plan?.active ?? true);
    setModules(plan?.modules.map((x) => ({ key: x.key, name: x.name, price: centsToInput(x.priceCents) })) ?? []);
    setErrors({});
    save.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const server = apiErrorOf(save.error);
  const err = (f: string) => errors[f] ?? server.fields[f];

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    const next: Record<string, string> = {};
    if (!name.trim()) next.name = s.validation.required;
    const price = parseKesInput(perLearner, { allowZero: true });
    const min = parseKesInput(minimum || '0', { allowZero: true });
    const setup = parseKesInput(setupFee || '0', { allowZero: true });
    if ('error' in price) next.pricePerLearnerCents = price.error;
    if ('error' in min) next.minimumCents = min.error;
    if ('error' in setup) next.setupFeeCents = setup.error;
    const taken = new Set(modules.flatMap((x) => (x.key ? [x.key] : [])));
    const mods = modules.map((row, i) => {
      const p = parseKesInput(row.price, { allowZero: true });
      if (!row.name.trim()) next[`module-${i}-name`] = s.validation.required;
      if ('error' in p) next[`module-${i}-price`] = p.error;
      return { key: row.key ?? moduleKeyOf(row.name, taken), name: row.name.trim(), priceCents: 'cents' in p ? p.cents : 0 };
    });
    setErrors(next);
    if (Object.keys(next).length || 'error' in price || 'error' in min || 'error' in setup) return;
    const body = { name: name.trim(), pricePerLearnerCents: price.cents, minimumCents: min.cents, setupFeeCents: setup.cents, modules: mods, active };
    save.mutate(plan ? { id: plan.id, body } : { id: null, body }, {
      onSuccess: () => {
        toast.success(plan ? d.saved : d.created);
        onClose();
      },
    });
  };

  return (
    <FormDialog open={open} onClose={onClose} pending={save.isPending} className="max-h-[92dvh] max-w-xl gap-5 overflow-y-auto" testId="billing-plan-dialog" title={plan ? d.editTitle(plan.name) : d.createTitle} description={d.text}>
      <form className="grid gap-4" onSubmit={submit} noValidate>
        <Field id="plan-name" label={d.name} error={err('name')}>
          <TextBox id="plan-name" value={name} maxLength={80} onValue={setName} invalid={!!err('name')} testId="billing-plan-name" />
        </Field>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field id="plan-price" label={d.perLearner} error={err('pricePerLearnerCents')}>
            <KesInput id="plan-price" value={perLearner} onChange={setPerLearner} invalid={!!err('pricePerLearnerCents')} testId="billing-plan-price" placeholder="50" />
          </Field>
          <Field id="plan-minimum" label={d.minimum} error={err('minimumCents')}>
            <KesInput id="plan-minimum" value={minimum} onChange={setMinimum} invalid={!!err('minimumCents')} testId="billing-plan-minimum" />
          </Field>
          <Field id="plan-setup" label={d.setupFee} error={err('setupFeeCents')}>
            <KesInput id="plan-setup" value={setupFee} onChange={setSetupFee} invalid={!!err('setupFeeCents')} testId="billing-plan-setup" />
          </Field>
        </div>
        <fieldset className="grid gap-2.5">
          <legend className="text-sm font-medium">{d.modules}</legend>
          <p className="-mt-1 text-xs text-muted-foreground">{d.modulesHint}</p>
          {modules.map((row, i) => (
            <div key={i} className="grid grid-cols-[1fr_8.5rem_auto] items-start gap-2" data-testid="billing-plan-module">
              <Field id={`module-${i}-name`} label={<span className="sr-only">{d.moduleName}</span>} error={errors[`module-${i}-name`]}>
                <TextBox
                  id={`module-${i}-name`}
                  placeholder={d.moduleName}
                  value={row.name}
                  maxLength={80}
                  onValue={(v) => setModules((cur) => cur.map((x, j) => (j === i ? { ...x, name: v } : x)))}
                  invalid={!!errors[`module-${i}-name`]}
                />
              </Field>
              <Field id={`module-${i}-price`} label={<span className="sr-only">{d.modulePrice}</span>} error={errors[`module-${i}-price`]}>
                <KesInput id={`module-${i}-price`} value={row.price} onChange={(price) => setModules((cur) => cur.map((x, j) => (j === i ? { ...x, price } : x)))} invalid={!!errors[`module-${i}-price`]} />
              </Field>
              <Button type="button" variant="ghost" size="icon" className="mt-0.5 size-8 text-muted-foreground" onClick={() => setModules((cur) => cur.filter((_, j) => j !== i))} aria-label={d.removeModule(row.name)}>
                <Trash2 aria-hidden />
              </Button>
            </div>
          ))}
          <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => setModules((cur) => [...cur, { key: null, name: '', price: '' }])} data-testid="billing-plan-add-module">
            <Plus aria-hidden />
            {d.addModule}
          </Button>
          {server.fields.modules && <p className="text-xs font-medium text-destructive">{server.fields.modules}</p>}
        </fieldset>
        <label className="flex items-center justify-between gap-3 rounded-lg border px-3 py-2.5 text-sm">
          <span className="font-medium">{d.active}</span>
          <Switch checked={active} onCheckedChange={setActive} data-testid="billing-plan-active" />
        </label>
        {save.isError && !Object.keys(server.fields).length && <FormErrorAlert title={s.common.actionFailed} detail={server.message} testId="billing-plan-error" />}
        <SaveDialogFooter pending={save.isPending} onCancel={onClose} testId="billing-plan-save" />
      </form>
    </FormDialog>
  );
}

/** Billing Management › Plans (issue 18 §1): the plans on offer and what each charges. */
export function PlansTab({ canManage }: { canManage: boolean }) {
  const plans = usePlans();
  const [editing, setEditing] = React.useState<BillingPlan | null>(null);
  const [open, setOpen] = React.useState(false);
  const edit = React.useCallback((plan: BillingPlan | null) => {
    setEditing(plan);
    setOpen(true);
  }, []);

  const columns = React.useMemo<ColumnDef<BillingPlan, unknown>[]>(
    () => [
      { id: 'name', header: t.colName, meta: { alwaysVisible: true, className: 'min-w-40' }, cell: ({ row }) => <span className="font-medium">{row.original.name}</span> },
      { id: 'price', header: t.colPerLearner, meta: { label: t.colPerLearner, className: 'text-right' }, cell: ({ row }) => <Kes cents={row.original.pricePerLearnerCents} /> },
      { id: 'minimum', header: t.colMinimum, meta: { label: t.colMinimum, className: 'text-right' }, cell: ({ row }) => <Kes cents={row.original.minimumCents} prefix={false} /> },
      { id: 'setup', header: t.colSetup, meta: { label: t.colSetup, className: 'text-right' }, cell: ({ row }) => <Kes cents={row.original.setupFeeCents} prefix={false} /> },
      {
        id: 'modules',
        header: t.colModules,
        meta: { label: t.colModules },
        cell: ({ row }) => <span className="block max-w-56 truncate text-muted-foreground" title={row.original.modules.map((x) => x.name).join(', ')}>{row.original.modules.map((x) => x.name).join(', ') || t.modules(0)}</span>,
      },
      { id: 'schools', header: t.colSchools, meta: { label: t.colSchools, className: 'text-right' }, cell: ({ row }) => <span className="tabular-nums">{row.original.schoolCount.toLocaleString('en-KE')}</span> },
      {
        id: 'active',
        header: t.colActive,
        meta: { label: t.colActive },
        cell: ({ row }) => (
          <Pill tone={row.original.active ? 'green' : 'grey'} testId="billing-plan-status">
            {row.original.active ? t.active : t.inactive}
          </Pill>
        ),
      },
      ...editColumn<BillingPlan>(canManage, { header: t.edit, labelFor: (p) => t.editFor(p.name), onEdit: edit, testId: 'billing-plan-edit' }),
    ],
    [canManage, edit],
  );

  const add = canManage && (
    <Button size="sm" onClick={() => edit(null)} data-testid="billing-plan-add">
      <Plus aria-hidden />
      {t.add}
    </Button>
  );

  return (
    <>
      <DataTable
        id="billing-plans"
        columns={columns}
        data={plans.data?.items}
        getRowId={(p) => p.id}
        error={plans.error}
        errorTitle={t.loadFailed}
        onRetry={() => void plans.refetch()}
        empty={{ icon: Layers, title: t.empty, hint: t.emptyHint, action: add || undefined }}
        rowTestId="billing-plan-row"
        minWidth={860}
        toolbar={add ? <div className="flex justify-end">{add}</div> : undefined}
        onRowClick={canManage ? (p) => edit(p) : undefined}
        renderCard={(p) => (
          <div className="flex min-w-0 flex-col gap-1.5">
            <div className="flex items-start justify-between gap-2">
              <p className="truncate font-medium">{p.name}</p>
              <Pill tone={p.active ? 'green' : 'grey'} className="shrink-0">
                {p.active ? t.active : t.inactive}
              </Pill>
            </div>
            <p className="text-sm">
              <Kes cents={p.pricePerLearnerCents} className="font-semibold" /> <span className="text-xs text-muted-foreground">/ {s.invoices.colLearners.toLowerCase()}</span>
            </p>
            <p className="truncate text-xs text-muted-foreground">
              {t.colMinimum}: KES {kes(p.minimumCents)} · {t.colSetup}: KES {kes(p.setupFeeCents)} · {t.modules(p.modules.length)}
            </p>
          </div>
        )}
      />
      {canManage && <PlanDialog plan={editing} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
