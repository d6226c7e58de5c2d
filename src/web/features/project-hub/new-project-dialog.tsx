import * as React from 'react';
import { Building2, Wrench } from 'lucide-react';
import { toast } from 'sonner';
import { HUB_PROJECT_STATUSES, type HubProjectKind, type HubProjectStatus } from '@shared/contracts/project-hub';
import { HUB_PROJECT_KIND_LABELS, HUB_PROJECT_STATUS_LABELS, projectHubMessages as pm } from '@shared/messages/project-hub';
import { projectHubScreens as hs } from '@shared/messages/project-hub-screens';
import { cn } from '@/lib/utils';
import { InputField, FormErrorAlert, useFormError } from '@/components/form-feedback';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { StaffSelect } from './hub-bits';
import { useCreateProject, useOnboardingOverview } from './project-hub-api';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { SelectField, LabelledField } from '@/components/field';
import { NameSelectItems } from '@/components/select-parts';
import { DateInputField } from '@/components/date-field';

const n = hs.newProject;

/**
 * "New project": name, kind (onboarding a school or internal), the school, owner, status, dates and a
 * description. An onboarding project is named after its school unless a name is typed, and starts with
 * the checklist as tasks (switch). On success the new board opens.
 */
export function NewProjectDialog({ open, onClose, viewerId, onCreated }: { open: boolean; onClose: () => void; viewerId: string | null; onCreated: (id: string) => void }) {
  const [kind, setKind] = React.useState<HubProjectKind>('onboarding');
  const [name, setName] = React.useState('');
  const [nameTouched, setNameTouched] = React.useState(false);
  const [schoolId, setSchoolId] = React.useState('');
  const [ownerId, setOwnerId] = React.useState<string | null>(viewerId);
  const [status, setStatus] = React.useState<HubProjectStatus>('planned');
  const [startDate, setStartDate] = React.useState('');
  const [targetDate, setTargetDate] = React.useState('');
  const [description, setDescription] = React.useState('');
  const [prefill, setPrefill] = React.useState(true);
  const schools = useOnboardingOverview();
  const create = useCreateProject();
  const err = useFormError();

  React.useEffect(() => {
    if (!open) return;
    setKind('onboarding');
    setName('');
    setNameTouched(false);
    setSchoolId('');
    setOwnerId(viewerId);
    setStatus('planned');
    setStartDate('');
    setTargetDate('');
    setDescription('');
    setPrefill(true);
    err.clear();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset once per opening
  }, [open, viewerId]);

  const pickSchool = (id: string) => {
    setSchoolId(id);
    const school = schools.data?.schools.find((s) => s.id === id);
    if (school && (!nameTouched || !name.trim())) setName(pm.onboardingProjectName(school.name));
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    err.clear();
    create.mutate(
      {
        name,
        kind,
        schoolId: kind === 'onboarding' ? schoolId || null : null,
        ownerId,
        status,
        startDate: startDate || null,
        targetDate: targetDate || null,
        description: description || undefined,
        prefillTasks: kind === 'onboarding' && prefill,
      },
      {
        onSuccess: (p) => {
          toast.success(n.created(p.name));
          onCreated(p.id);
        },
        onError: (e2) => err.fail(e2),
      },
    );
  };

  const kinds: { value: HubProjectKind; icon: typeof Building2 }[] = [
    { value: 'onboarding', icon: Building2 },
    { value: 'internal', icon: Wrench },
  ];

  return (
    <FormDialog open={open} onClose={onClose} pending={create.isPending} className="max-w-xl gap-5" testId="hub-new-project" title={n.title} description={n.description}>
      <form onSubmit={submit} className="grid min-w-0 gap-4" noValidate>
        <div className="grid gap-1.5">
          <Label id="hub-new-kind-label">{n.kind}</Label>
          <div className="grid grid-cols-2 gap-2" role="radiogroup" aria-labelledby="hub-new-kind-label">
            {kinds.map(({ value, icon: Icon }) => (
              <button
                key={value}
                type="button"
                role="radio"
                aria-checked={kind === value}
                onClick={() => setKind(value)}
                className={cn(
                  'flex min-w-0 cursor-pointer items-center gap-2 rounded-lg border p-2.5 text-left sm:gap-2.5 sm:p-3 transition focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  kind === value ? 'border-primary bg-primary/5 ring-1 ring-primary' : 'hover:bg-muted/60',
                )}
                data-testid={`hub-new-kind-${value}`}
              >
                <span className={cn('hidden size-8 shrink-0 items-center justify-center rounded-md min-[400px]:flex', kind === value ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground')}>
                  <Icon className="size-4" aria-hidden />
                </span>
                <span className="min-w-0">
                  <span className="block text-sm font-medium">{HUB_PROJECT_KIND_LABELS[value]}</span>
                  <span className="block text-xs leading-snug text-muted-foreground">{n.kindHints[value]}</span>
                </span>
              </button>
            ))}
          </div>
        </div>

        {kind === 'onboarding' && (
          <LabelledField id="hub-new-school" label={n.school} error={err.field('schoolId')} className="grid gap-1.5">
            <Select value={schoolId} onValueChange={pickSchool}>
              <SelectTrigger id="hub-new-school" aria-invalid={!!err.field('schoolId') || undefined} data-testid="hub-new-school">
                <SelectValue placeholder={n.schoolPlaceholder} />
              </SelectTrigger>
              <SelectContent>
                <NameSelectItems items={(schools.data?.schools ?? [])} />
              </SelectContent>
            </Select>
          </LabelledField>
        )}

        <InputField
          id="hub-new-name"
          label={n.name}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setNameTouched(true);
          }}
          placeholder={n.namePlaceholder}
          maxLength={120}
          error={err.field('name')}
          data-testid="hub-new-name"
        />

        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <LabelledField id="hub-new-owner" label={n.owner} error={err.field('ownerId')} className="grid min-w-0 gap-1.5">
            <StaffSelect id="hub-new-owner" value={ownerId} onChange={setOwnerId} viewerId={viewerId} testId="hub-new-owner" noneLabel={hs.list.noOwner} />
          </LabelledField>
          <SelectField id="hub-new-status" label={n.status} value={status} onValueChange={setStatus} options={HUB_PROJECT_STATUSES} labelOf={(s) => HUB_PROJECT_STATUS_LABELS[s]} testId="hub-new-status" />
          <DateInputField id="hub-new-start" label={n.startDate} value={startDate} onValueChange={setStartDate} error={err.field('startDate')} />
          <DateInputField id="hub-new-target" label={n.targetDate} value={targetDate} onValueChange={setTargetDate} error={err.field('targetDate')} />
        </div>

        <LabelledField id="hub-new-description" label={n.details} className="grid gap-1.5">
          <Textarea id="hub-new-description" value={description} onChange={(e) => setDescription(e.target.value)} rows={3} maxLength={5000} />
        </LabelledField>

        {kind === 'onboarding' && (
          <label className="flex cursor-pointer items-start gap-3 rounded-lg border bg-muted/30 p-3">
            <Switch checked={prefill} onCheckedChange={setPrefill} aria-label={n.prefill} data-testid="hub-new-prefill" />
            <span className="min-w-0">
              <span className="block text-sm font-medium">{n.prefill}</span>
              <span className="block text-xs text-muted-foreground">{n.prefillHint}</span>
            </span>
          </label>
        )}

        {err.error && <FormErrorAlert title={n.failed} detail={err.error.message} testId="hub-new-error" />}

        <FormDialogFooter cancelLabel={n.cancel} onCancel={onClose} pending={create.isPending} submitTestId="hub-new-submit" label={create.isPending ? n.creating : n.create} />
      </form>
    </FormDialog>
  );
}
