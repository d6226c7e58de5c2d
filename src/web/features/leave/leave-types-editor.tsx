import * as React from 'react';
import { toast } from 'sonner';
import { Pencil, Plus } from 'lucide-react';
import type { LeaveType, LeaveTypeBody } from '@shared/contracts/leave';
import { leaveMessages as m } from '@shared/messages/leave';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { FormErrorAlert } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { LabelledField, SelectField } from '@/components/field';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { useLeaveTypes, useSaveLeaveType } from './leave-api';

const UNITS = ['working_days', 'calendar_days'] as const;
const GENDERS = ['any', 'female', 'male'] as const;
/** The classes of a field block of the leave-type form. */
const FIELD = 'flex flex-col gap-1.5';

type Draft = { name: string; daysPerYear: string; unit: LeaveType['unit']; carryOverMax: string; paid: boolean; gender: '' | 'male' | 'female'; requiresDocument: boolean; active: boolean };

const toDraft = (t: LeaveType | null): Draft =>
  t
    ? { name: t.name, daysPerYear: String(t.daysPerYear), unit: t.unit, carryOverMax: t.carryOverMax === null ? '' : String(t.carryOverMax), paid: t.paid, gender: t.gender ?? '', requiresDocument: t.requiresDocument, active: t.active }
    : { name: '', daysPerYear: '', unit: 'working_days', carryOverMax: '', paid: true, gender: '', requiresDocument: false, active: true };

/**
 * Leave types (issue 14 §2): each type's rule (days a year in working or calendar days, carry-over,
 * paid, gender, document, in use). HR adds and edits them; others read.
 */
export function LeaveTypesEditor({ canEdit }: { canEdit: boolean }) {
  const query = useLeaveTypes();
  const save = useSaveLeaveType();
  const [editing, setEditing] = React.useState<LeaveType | 'new' | null>(null);
  const [draft, setDraft] = React.useState<Draft>(toDraft(null));
  const [error, setError] = React.useState<string | null>(null);
  const open = (t: LeaveType | 'new') => {
    setEditing(t);
    setDraft(toDraft(t === 'new' ? null : t));
    setError(null);
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body: LeaveTypeBody = {
      name: draft.name,
      daysPerYear: draft.daysPerYear.trim() === '' ? Number.NaN : Number(draft.daysPerYear),
      unit: draft.unit,
      carryOverMax: draft.carryOverMax.trim() === '' ? null : Number(draft.carryOverMax),
      paid: draft.paid,
      gender: draft.gender || null,
      requiresDocument: draft.requiresDocument,
      active: draft.active,
    };
    save.mutate(
      { id: editing === 'new' || editing === null ? null : editing.id, body },
      {
        onSuccess: () => {
          toast.success(m.saved);
          setEditing(null);
        },
        onError: (err) => setError(err instanceof ApiError ? err.message : String(err)),
      },
    );
  };
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));

  return (
    <div className="flex min-w-0 flex-col gap-3" data-testid="leave-types">
      {canEdit && (
        <div className="flex justify-end">
          <Button size="sm" onClick={() => open('new')} data-testid="leave-type-add">
            <Plus aria-hidden />
            {m.addType}
          </Button>
        </div>
      )}
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {(query.data?.items ?? []).map((t) => (
          <li key={t.id} className={cn('flex min-w-0 flex-col gap-2 rounded-xl border bg-card p-4 shadow-sm', !t.active && 'opacity-60')} data-testid="leave-type" data-code={t.code}>
            <div className="flex items-start justify-between gap-2">
              <p className="min-w-0 truncate font-medium">{t.name}</p>
              {canEdit && (
                <Button size="sm" variant="ghost" className="-mt-1 -mr-2" onClick={() => open(t)} data-testid="leave-type-edit" aria-label={`${m.edit} ${t.name}`}>
                  <Pencil aria-hidden />
                </Button>
              )}
            </div>
            <p className="text-sm text-muted-foreground">
              {m.perYear(t.daysPerYear, t.unit)}
              {t.carryOverMax !== null && t.carryOverMax > 0 && ` · ${m.carriesUpTo(t.carryOverMax)}`}
            </p>
            <div className="flex flex-wrap gap-1.5">
              {!t.paid && <Chip>{m.unpaid}</Chip>}
              {t.gender && <Chip>{t.gender === 'female' ? m.female : m.male}</Chip>}
              {t.requiresDocument && <Chip>{m.documentNeeded}</Chip>}
              {!t.active && <Chip>{m.inactive}</Chip>}
            </div>
          </li>
        ))}
      </ul>
      <FormDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        pending={save.isPending}
        testId="leave-type-dialog"
        form={{ onSubmit: submit, className: 'flex flex-col gap-4', noValidate: true }}
        title={editing === 'new' ? m.addType : m.editType}
        description={m.editType}
        descriptionClassName="sr-only"
      >
        <LabelledField id="lt-name" label={m.name} className={FIELD}>
          <Input id="lt-name" value={draft.name} onChange={(e) => set('name', e.target.value)} data-testid="leave-type-name" />
        </LabelledField>
        <div className="grid grid-cols-2 gap-3">
          <LabelledField id="lt-days" label={m.daysPerYear} className={FIELD}>
            <Input id="lt-days" inputMode="numeric" value={draft.daysPerYear} onChange={(e) => set('daysPerYear', e.target.value)} data-testid="leave-type-days" />
          </LabelledField>
          <SelectField id="lt-unit" label={m.unit} className={FIELD} value={draft.unit} onValueChange={(v) => set('unit', v)} options={UNITS} labelOf={(u) => (u === 'working_days' ? m.workingDays : m.calendarDays)} />
          <LabelledField id="lt-carry" label={m.carryOverMax} className={FIELD}>
            <Input id="lt-carry" inputMode="numeric" placeholder={m.none} value={draft.carryOverMax} onChange={(e) => set('carryOverMax', e.target.value)} data-testid="leave-type-carry" />
          </LabelledField>
          <SelectField
            id="lt-gender"
            label={m.gender}
            className={FIELD}
            value={draft.gender || 'any'}
            onValueChange={(v) => set('gender', v === 'any' ? '' : v)}
            options={GENDERS}
            labelOf={(g) => (g === 'female' ? m.female : g === 'male' ? m.male : m.anyone)}
          />
        </div>
        <div className="grid gap-2 rounded-lg border p-3">
          {(
            [
              ['paid', m.paid],
              ['requiresDocument', m.requiresDocument],
              ['active', m.active],
            ] as const
          ).map(([k, label]) => (
            <label key={k} className="flex cursor-pointer items-center justify-between gap-3 text-sm">
              {label}
              <Switch checked={draft[k]} onCheckedChange={(v) => set(k, v)} data-testid={`leave-type-${k}`} />
            </label>
          ))}
        </div>
        {error && <FormErrorAlert title={error} testId="leave-type-error" />}
        <FormDialogFooter cancelLabel={m.close} onCancel={() => setEditing(null)} label={m.save} pending={save.isPending} submitTestId="leave-type-save" />
      </FormDialog>
    </div>
  );
}

function Chip({ children }: { children: React.ReactNode }) {
  return <span className="inline-flex items-center rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">{children}</span>;
}
