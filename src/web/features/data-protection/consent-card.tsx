import { Download, ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import { CONSENT_PURPOSES, type ConsentPurpose, type ConsentState, type ConsentsResponse } from '@shared/contracts/consents';
import { formatDayTime } from '@shared/dates';
import { CONSENT_PURPOSE_LABELS, CONSENT_SOURCE_LABELS, consentMessages } from '@shared/messages/consents';
import { ROLE_DISPLAY_NAMES, type Role } from '@shared/roles';
import { ApiError } from '@/lib/api';
import { Switch } from '@/components/ui/switch';
import { SkeletonStack } from '@/components/skeleton-stack';
import { QueryErrorCard } from '@/components/query-error-card';
import { CONSENT_REGISTER_XLSX, useConsents, usePutConsents } from './consents-api';

/**
 * Consent screens (issue 35 §5; Data Protection Act 2019; docs/decisions/0025-consent.md): the learner
 * profile's Consent card for the principal and the director (every guardian and purpose, with who
 * recorded it and when, and switches), and a parent's "Privacy and consent" section for one child
 * (their own SMS, e-mail and photos consent).
 */

const c = consentMessages.card;

function stateText(s: ConsentState) {
  return s.granted === null ? c.notAsked : s.granted ? c.granted : c.withdrawn;
}

function whoText(s: ConsentState) {
  if (!s.recordedByRole) return '';
  const role = ROLE_DISPLAY_NAMES[s.recordedByRole as Role] ?? s.recordedByRole;
  return s.recordedByName ? c.by(s.recordedByName, role) : role;
}

function errorText(err: unknown) {
  return err instanceof ApiError ? err.message : undefined;
}

function ConsentRow({ s, who, canEdit, onToggle, pending }: { s: ConsentState; who: string; canEdit: boolean; onToggle: (granted: boolean) => void; pending: boolean }) {
  const purpose = CONSENT_PURPOSE_LABELS[s.purpose]!;
  return (
    <tr className="border-t align-middle" data-testid="consent-row" data-guardian={s.guardianId ?? 'learner'} data-purpose={s.purpose} data-state={s.granted === null ? 'not-asked' : s.granted ? 'granted' : 'withdrawn'}>
      <td className="py-2 pr-3">
        {purpose}
        {/* On a phone who, when and where from sit under the purpose instead of in three more columns. */}
        {s.recordedAt && (
          <p className="mt-0.5 text-xs text-muted-foreground sm:hidden">
            {whoText(s)} · {formatDayTime(s.recordedAt)}
            {s.source && ` · ${CONSENT_SOURCE_LABELS[s.source]}`}
          </p>
        )}
      </td>
      <td className="py-2 pr-3">
        <div className="flex items-center gap-2">
          {canEdit && <Switch checked={s.granted === true} disabled={pending} onCheckedChange={onToggle} aria-label={c.toggle(purpose, who)} data-testid="consent-switch" />}
          <span data-testid="consent-state">{stateText(s)}</span>
        </div>
      </td>
      <td className="hidden py-2 pr-3 text-muted-foreground sm:table-cell" data-testid="consent-who">
        {whoText(s)}
      </td>
      <td className="hidden py-2 pr-3 whitespace-nowrap text-muted-foreground sm:table-cell" data-testid="consent-when">
        {s.recordedAt ? formatDayTime(s.recordedAt) : ''}
      </td>
      <td className="hidden py-2 text-muted-foreground sm:table-cell">{s.source ? CONSENT_SOURCE_LABELS[s.source] : ''}</td>
    </tr>
  );
}

function ConsentTable({ data, onToggle, pending }: { data: ConsentsResponse; onToggle: (s: ConsentState, granted: boolean) => void; pending: boolean }) {
  const groups: { id: string | null; title: string }[] = [{ id: null, title: c.learnerRecord }, ...data.guardians.map((g) => ({ id: g.id, title: `${g.name} (${g.relationship})` }))];
  const canEdit = (id: string | null) => data.canEdit === 'all' || (id !== null && data.guardians.find((g) => g.id === id)?.own === true);
  return (
    <div className="flex flex-col gap-4">
      {groups.map((g) => (
        <div key={g.id ?? 'learner'} className="overflow-x-auto" data-testid="consent-group" data-guardian={g.id ?? 'learner'}>
          <h3 className="mb-1 text-sm font-semibold">{g.title}</h3>
          <table className="w-full text-sm sm:min-w-[36rem]">
            <thead className="text-left text-xs text-muted-foreground">
              <tr>
                <th className="py-1 pr-3 font-medium">{c.purpose}</th>
                <th className="py-1 pr-3 font-medium">{c.state}</th>
                <th className="hidden py-1 pr-3 font-medium sm:table-cell">{c.recordedBy}</th>
                <th className="hidden py-1 pr-3 font-medium sm:table-cell">{c.when}</th>
                <th className="hidden py-1 font-medium sm:table-cell">{c.source}</th>
              </tr>
            </thead>
            <tbody>
              {data.current
                .filter((s) => s.guardianId === g.id && (g.id !== null || s.purpose === 'processing'))
                .map((s) => (
                  <ConsentRow key={s.purpose} s={s} who={g.title} canEdit={canEdit(g.id)} pending={pending} onToggle={(v) => onToggle(s, v)} />
                ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}

function useToggle(studentId: string) {
  const put = usePutConsents(studentId);
  const toggle = (s: ConsentState, granted: boolean) =>
    put.mutate(
      { consents: [{ purpose: s.purpose, granted, ...(s.guardianId ? { guardianId: s.guardianId } : {}) }] },
      { onSuccess: () => toast.success(c.saved), onError: (err) => toast.error(c.saveFailed, { description: errorText(err) }) },
    );
  return { toggle, pending: put.isPending };
}

/** The learner profile's Consent card (principal, director). */
export function LearnerConsentCard({ studentId }: { studentId: string }) {
  const q = useConsents(studentId);
  const { toggle, pending } = useToggle(studentId);
  if (q.isError) return <QueryErrorCard query={q} title={c.loadFailed} retryLabel={c.tryAgain} testId="consent-error" />;
  if (!q.data) return <SkeletonStack testId="consent-loading" cells={['h-40 w-full rounded-xl']} />;
  return (
    <section className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5" data-testid="consent-card" aria-label={c.title}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-base font-semibold">
          <ShieldCheck className="size-4" aria-hidden />
          {c.title}
        </h2>
        {q.data.canEdit === 'all' && (
          <a href={CONSENT_REGISTER_XLSX} download className="inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline" data-testid="consent-register-download">
            <Download className="size-4" aria-hidden />
            {consentMessages.register.download}
          </a>
        )}
      </div>
      <ConsentTable data={q.data} onToggle={toggle} pending={pending} />
    </section>
  );
}

const PARENT_PURPOSES: ConsentPurpose[] = CONSENT_PURPOSES.filter((p) => p !== 'processing');

/** A parent's "Privacy and consent" for one child: their own SMS, e-mail and photos consent. */
export function ChildPrivacyConsent({ studentId, childName }: { studentId: string; childName: string }) {
  const q = useConsents(studentId);
  const { toggle, pending } = useToggle(studentId);
  const own = q.data?.guardians.find((g) => g.own);
  if (!q.data || !own) return null;
  return (
    <section className="flex flex-col gap-2 rounded-lg border px-3 py-2.5" data-testid="privacy-consent" aria-label={`${c.privacyTitle}: ${childName}`}>
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <ShieldCheck className="size-4" aria-hidden />
        {c.privacyTitle}
      </h3>
      <p className="text-xs text-muted-foreground">{c.privacyIntro}</p>
      <ul className="flex flex-col gap-2">
        {PARENT_PURPOSES.map((purpose) => {
          const s = q.data.current.find((x) => x.guardianId === own.id && x.purpose === purpose)!;
          const label = CONSENT_PURPOSE_LABELS[purpose]!;
          return (
            <li key={purpose} className="flex items-center justify-between gap-3 text-sm" data-testid="privacy-consent-row" data-purpose={purpose} data-state={s.granted === null ? 'not-asked' : s.granted ? 'granted' : 'withdrawn'}>
              <span>
                {label} <span className="text-xs text-muted-foreground">· {stateText(s)}</span>
              </span>
              <Switch checked={s.granted === true} disabled={pending} onCheckedChange={(v) => toggle(s, v)} aria-label={c.toggle(label, own.name)} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
