import * as React from 'react';
import { ClipboardCheck, Download, FileSearch, GraduationCap, Loader2, Scale, SearchX, ShieldCheck, Trash2, UserRound } from 'lucide-react';
import { can } from '@shared/access';
import { DP_DEFAULT_PAGE_SIZE, DP_KINDS, DP_SUBJECT_TYPES, type DpRequest, type DpSubjectType, type Erasability, type LearnerSubject, type SubjectsResponse, type UserSubject } from '@shared/contracts/data-protection';
import { LEARNER_STATUS_LABELS, USER_STATUS_LABELS, dataProtectionScreens as ds, formatDpDateTime } from '@shared/messages/data-protection-screens';
import { roleDisplayName } from '@shared/roles';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { DataTable, pagedTableProps, ListToolbar, useListParams, type ColumnDef } from '@/components/data-table';
import { FilterSelect } from '@/components/filter-select';
import { QueryErrorCard } from '@/components/query-error-card';
import { SearchField } from '@/components/search-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { DownloadLinkButton } from '@/components/download-link-button';
import { IconCardHeader } from '@/components/icon-card-header';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { IconBadge } from '@/components/icon-badge';
import { useDpRequests, useDpSubjects } from './data-protection-api';
import { EraseDialog, ExportDialog, type DpSubject } from './data-protection-dialogs';
import { consentMessages } from '@shared/messages/consents';
import { CONSENT_REGISTER_XLSX, useConsentSummary } from './consents-api';

const p = ds.panel;
const h = ds.history;
const PAGE_SIZE = DP_DEFAULT_PAGE_SIZE;

/** The value after the user stops typing for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = React.useState(value);
  React.useEffect(() => {
    const id = window.setTimeout(() => setV(value), ms);
    return () => window.clearTimeout(id);
  }, [value, ms]);
  return v;
}

function StatusBadge({ label, tone }: { label: string; tone: 'ok' | 'muted' | 'erased' }) {
  return (
    <Badge
      variant="outline"
      className={cn(
        'shrink-0 font-medium',
        tone === 'ok' && 'border-emerald-500/30 bg-emerald-500/10 text-emerald-700 dark:text-emerald-400',
        tone === 'muted' && 'text-muted-foreground',
        tone === 'erased' && 'border-destructive/30 bg-destructive/10 text-destructive',
      )}
    >
      {label}
    </Badge>
  );
}

/** The two actions of a search result; erasing is shown to EduFam staff only, disabled with the reason when not allowed yet. */
function SubjectActions({ subject, erasure, canErase, onExport, onErase }: { subject: DpSubject; erasure: Erasability; canErase: boolean; onExport: () => void; onErase: () => void }) {
  return (
    <div className="flex shrink-0 flex-wrap items-center gap-2 pl-12 sm:pl-0">
      <Button size="sm" variant="outline" onClick={onExport} data-testid="dp-export-open" aria-label={`${p.exportAction}: ${subject.name}`}>
        <Download className="size-4" aria-hidden />
        {p.exportAction}
      </Button>
      {canErase &&
        (erasure.allowed ? (
          <Button size="sm" variant="ghost" className="text-destructive hover:bg-destructive/10 hover:text-destructive" onClick={onErase} data-testid="dp-erase-open" aria-label={`${p.eraseAction}: ${subject.name}`}>
            <Trash2 className="size-4" aria-hidden />
            {p.eraseAction}
          </Button>
        ) : (
          <Tooltip>
            <TooltipTrigger asChild>
              {/* A disabled button gets no pointer events: the wrapper carries the tooltip. */}
              <span tabIndex={0} className="rounded-md" data-testid="dp-erase-blocked" aria-label={`${p.cannotErase}: ${erasure.reason ?? ''}`}>
                <Button size="sm" variant="ghost" disabled className="pointer-events-none text-muted-foreground">
                  <Trash2 className="size-4" aria-hidden />
                  {p.eraseAction}
                </Button>
              </span>
            </TooltipTrigger>
            <TooltipContent className="max-w-64">{erasure.reason}</TooltipContent>
          </Tooltip>
        ))}
    </div>
  );
}

function ResultRow({ icon: Icon, title, meta, badge, actions, testId, id }: { icon: typeof UserRound; title: string; meta: React.ReactNode; badge: React.ReactNode; actions: React.ReactNode; testId: string; id: string }) {
  return (
    <li className="flex flex-col gap-3 px-4 py-3.5 sm:flex-row sm:items-center sm:justify-between" data-testid={testId} data-row-id={id}>
      <div className="flex min-w-0 items-start gap-3">
        <IconBadge icon={Icon} className="mt-0.5 inline-flex size-9 rounded-full bg-primary/10 text-primary" />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="truncate font-medium">{title}</span>
            {badge}
          </p>
          <p className="mt-0.5 text-sm text-muted-foreground">{meta}</p>
        </div>
      </div>
      {actions}
    </li>
  );
}

/** A search result's badge: "Erased", else its status named by `labels` (green while active). */
function SubjectBadge({ subject, labels }: { subject: LearnerSubject | UserSubject; labels: Record<string, string> }) {
  const tone = subject.erased ? 'erased' : subject.status === 'active' ? 'ok' : 'muted';
  return <StatusBadge label={subject.erased ? p.erasedBadge : (labels[subject.status] ?? subject.status)} tone={tone} />;
}

function ResultGroup({ title, count, children }: { title: string; count: number; children: React.ReactNode }) {
  return (
    <div className="shrink-0 rounded-lg border">
      <p className="sticky top-0 z-10 flex items-center justify-between rounded-t-lg border-b bg-muted px-4 py-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {title}
        <span className="tabular-nums">{count}</span>
      </p>
      <ul className="divide-y">{children}</ul>
    </div>
  );
}

/** The search results in two groups, learners then users: each row's subject, erasability, badge and details. */
function resultGroups(data: SubjectsResponse) {
  const learners = data.learners.map((l) => ({
    subject: { type: 'learner', id: l.id, name: l.name } satisfies DpSubject,
    erasure: l.erasure,
    badge: <SubjectBadge subject={l} labels={LEARNER_STATUS_LABELS} />,
    meta: [l.admissionNumber, l.className, l.schoolName].filter(Boolean).join(' · '),
  }));
  const users = data.users.map((u) => ({
    subject: { type: 'user', id: u.id, name: u.name } satisfies DpSubject,
    erasure: u.erasure,
    badge: <SubjectBadge subject={u} labels={USER_STATUS_LABELS} />,
    meta: (
      <>
        <span className="break-all">{u.email}</span>
        {' · '}
        {[u.role ? roleDisplayName(u.role) : null, u.schoolName ?? p.platformUser].filter(Boolean).join(' · ')}
      </>
    ),
  }));
  return [
    { title: p.learners, testId: 'dp-learner-result', icon: GraduationCap, rows: learners },
    { title: p.users, testId: 'dp-user-result', icon: UserRound, rows: users },
  ];
}

function outcomeText(r: DpRequest): string {
  const sum = (o?: Record<string, number>) => Object.values(o ?? {}).reduce((a, b) => a + b, 0);
  if (r.kind === 'export') return h.exportedRows(sum(r.outcome.exported));
  const kept = r.outcome.retained?.length ?? 0;
  return `${h.erasedRows(sum(r.outcome.anonymised), sum(r.outcome.deleted) + (r.outcome.filesDeleted ?? 0))}${kept ? ` · ${h.retainedCount(kept)}` : ''}`;
}

function KindBadge({ kind }: { kind: DpRequest['kind'] }) {
  return (
    <Badge variant="outline" className={cn('gap-1 font-medium', kind === 'erasure' ? 'border-destructive/30 bg-destructive/10 text-destructive' : 'border-primary/25 bg-primary/10 text-primary')}>
      {kind === 'erasure' ? <Trash2 className="size-3" aria-hidden /> : <Download className="size-3" aria-hidden />}
      {ds.kind[kind]}
    </Badge>
  );
}

/** Request history: every export and erasure the caller's scope sees (DataTable kit, kind filter and page in the URL). */
function RequestHistory() {
  const list = useListParams({ dpKind: '' }, { pageKey: 'dpPage' });
  const params = new URLSearchParams({ page: String(list.page), pageSize: String(PAGE_SIZE), ...(list.values.dpKind ? { kind: list.values.dpKind } : {}) });
  const requests = useDpRequests(params);
  const columns = React.useMemo<ColumnDef<DpRequest, unknown>[]>(
    () => [
      { id: 'when', header: h.columns.when, meta: { alwaysVisible: true, className: 'w-40' }, cell: ({ row }) => <span className="text-sm whitespace-nowrap tabular-nums">{formatDpDateTime(row.original.createdAt)}</span> },
      {
        id: 'subject',
        header: h.columns.subject,
        meta: { alwaysVisible: true },
        cell: ({ row }) => (
          <div className="min-w-0 max-w-56">
            <p className="truncate text-sm font-medium" data-testid="dp-request-subject">{row.original.subjectName}</p>
            <p className="text-xs text-muted-foreground">{ds.subjectType[row.original.subjectType]}</p>
          </div>
        ),
      },
      { id: 'kind', header: h.columns.kind, cell: ({ row }) => <KindBadge kind={row.original.kind} /> },
      { id: 'school', header: h.columns.school, cell: ({ row }) => <span className="line-clamp-2 max-w-40 text-sm">{row.original.schoolName ?? <span className="text-muted-foreground">{h.platform}</span>}</span> },
      { id: 'requestedBy', header: h.columns.requestedBy, cell: ({ row }) => <span className="text-sm whitespace-nowrap">{row.original.requestedByName ?? h.unknownRequester}</span> },
      {
        id: 'reason',
        header: h.columns.reason,
        cell: ({ row }) => (
          <span className="line-clamp-2 max-w-64 text-sm text-muted-foreground" title={row.original.reason}>
            {row.original.reason}
          </span>
        ),
      },
      {
        id: 'outcome',
        header: h.columns.outcome,
        cell: ({ row }) => (
          <span className="line-clamp-2 max-w-56 text-sm text-muted-foreground" title={row.original.outcome.retained?.map((x) => `${x.what}: ${x.why}`).join('\n')}>
            {outcomeText(row.original)}
          </span>
        ),
      },
    ],
    [],
  );
  return (
    <section className="flex min-w-0 flex-col gap-3" aria-labelledby="dp-history-title">
      <div>
        <h3 id="dp-history-title" className="text-base font-semibold">
          {h.title}
        </h3>
        <p className="text-sm text-muted-foreground">{h.subtitle}</p>
      </div>
      <DataTable
        id="dp-requests"
        columns={columns}
        getRowId={(r) => r.id}
        errorTitle={h.loadFailed}
        {...pagedTableProps(list, requests, { pageSize: PAGE_SIZE, rows: (d) => d.items, sortable: false })}
        rowTestId="dp-request-row"
        minWidth={960}
        empty={{ icon: Scale, title: h.emptyTitle, hint: h.emptyHint }}
        renderCard={(r) => (
          <div className="flex min-w-0 flex-col gap-1.5">
            <div className="flex items-start justify-between gap-2">
              <p className="min-w-0 truncate font-medium" data-testid="dp-request-subject">{r.subjectName}</p>
              <KindBadge kind={r.kind} />
            </div>
            <p className="text-xs text-muted-foreground tabular-nums">
              {formatDpDateTime(r.createdAt)} · {r.requestedByName ?? h.unknownRequester}
            </p>
            <p className="text-xs text-muted-foreground">{r.schoolName ?? h.platform}</p>
            <p className="line-clamp-2 text-sm">{r.reason}</p>
            <p className="text-xs text-muted-foreground">{outcomeText(r)}</p>
          </div>
        )}
        toolbar={
          <ListToolbar
            filters={
              <FilterSelect
                value={list.values.dpKind as (typeof DP_KINDS)[number] | ''}
                onChange={(dpKind) => list.set({ dpKind })}
                all={h.allKinds}
                label={h.kind}
                options={DP_KINDS.map((k) => ({ value: k, label: ds.kind[k] ?? k }))}
                testId="dp-requests-kind"
              />
            }
            filtered={list.filtered}
            onClear={list.reset}
            testId="dp-requests-toolbar"
          />
        }
      />
    </section>
  );
}

const reg = consentMessages.register;

/**
 * The consent register for the Data Commissioner (issue 35 §5; principal and director): the Excel
 * download and how many learners' parents have not yet answered or withdrew SMS consent.
 */
export function ConsentRegisterCard() {
  const summary = useConsentSummary(true);
  const d = summary.data;
  const stat = (label: string, hint: string, value: number | undefined, testId: string) => (
    <div className="flex min-w-0 flex-col gap-0.5 rounded-lg border px-4 py-3">
      <dt className="text-sm font-medium">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums" data-testid={testId}>
        {value ?? '…'}
        {d && <span className="ml-1.5 text-sm font-normal text-muted-foreground">{reg.learnersOf(d.learners)}</span>}
      </dd>
      <dd className="text-xs text-muted-foreground">{hint}</dd>
    </div>
  );
  return (
    <Card data-testid="consent-register-card">
      <IconCardHeader icon={ClipboardCheck} title={reg.title} description={reg.cardIntro} />
      <CardContent className="flex flex-col gap-4">
        {summary.error ? (
          <QueryErrorCard query={summary} title={reg.countsFailed} retryLabel={reg.tryAgain} testId="consent-summary-error" />
        ) : (
          <dl className="grid gap-3 sm:grid-cols-2">
            {stat(reg.notAnswered, reg.notAnsweredHint, d?.notAnswered, 'consent-not-answered')}
            {stat(reg.smsWithdrawn, reg.smsWithdrawnHint, d?.smsWithdrawn, 'consent-sms-withdrawn')}
          </dl>
        )}
        <div>
          <DownloadLinkButton href={CONSENT_REGISTER_XLSX} variant="outline" testId="consent-register-excel">
            {reg.downloadExcel}
          </DownloadLinkButton>
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * Data protection requests (issue 18 §2; Kenya Data Protection Act 2019): find a learner or user,
 * export everything EduFam holds about them as JSON (EduFam staff, a school's principal or director),
 * erase or anonymise it where the law allows (EduFam staff only), and the history of requests.
 * Rendered as the "Data protection" tab of EduFam staff's Security section.
 */
export function DataProtectionPanel() {
  const { state } = useAuth();
  const user = state.user;
  const [q, setQ] = React.useState('');
  const [type, setType] = React.useState<DpSubjectType | ''>('');
  const term = useDebounced(q, 300);
  const subjects = useDpSubjects(term, type);
  const [exporting, setExporting] = React.useState<DpSubject | null>(null);
  const [erasing, setErasing] = React.useState<DpSubject | null>(null);
  if (!user?.role) return null;
  const actor = { id: user.id, role: user.role, schoolId: user.schoolId };
  if (!can(actor, 'exportPersonalData')) return null;
  const canErase = can(actor, 'erasePersonalData');

  const data = subjects.data;
  const searching = term.trim().length >= 2;
  const none = searching && data && !data.learners.length && !data.users.length;

  return (
    <div className="flex min-w-0 flex-col gap-6" data-testid="data-protection-panel">
      <Card>
        <IconCardHeader icon={ShieldCheck} title={p.title} description={p.intro} />
        <CardContent className="flex flex-col gap-4">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <label htmlFor="dp-search" className="sr-only">
              {p.searchLabel}
            </label>
            <SearchField id="dp-search" value={q} onChange={setQ} placeholder={p.searchPlaceholder} testId="dp-search" maxLength={200} className="flex-1" />
            <FilterSelect
              value={type}
              onChange={setType}
              all={p.allTypes}
              label={p.type}
              options={DP_SUBJECT_TYPES.map((t) => ({ value: t, label: t === 'learner' ? p.learners : p.users }))}
              testId="dp-type"
              className="sm:w-52"
            />
          </div>

          {!searching && (
            <p className="flex items-center gap-2 rounded-lg border border-dashed px-4 py-6 text-sm text-muted-foreground" data-testid="dp-search-hint">
              <FileSearch className="size-4 shrink-0" aria-hidden />
              {p.typeHint}
            </p>
          )}
          {searching && subjects.isLoading && (
            <p className="flex items-center gap-2 px-1 py-4 text-sm text-muted-foreground" role="status">
              <Loader2 className="size-4 animate-spin" aria-hidden />
              {p.searching}
            </p>
          )}
          {searching && subjects.error && <QueryErrorCard query={subjects} title={p.searchFailed} retryLabel={p.tryAgain} testId="dp-search-error" />}
          {none && (
            <div className="flex flex-col items-center gap-1 rounded-lg border border-dashed px-4 py-8 text-center" data-testid="dp-no-matches">
              <SearchX className="mb-1 size-6 text-muted-foreground" aria-hidden />
              <p className="font-medium">{p.noMatches}</p>
              <p className="text-sm text-muted-foreground">{p.noMatchesHint}</p>
            </div>
          )}
          {searching && data && (data.learners.length > 0 || data.users.length > 0) && (
            <div
              className={cn('flex max-h-[34rem] flex-col gap-4 overflow-y-auto overscroll-contain rounded-lg transition-opacity', subjects.isPlaceholderData && 'opacity-60')}
              data-testid="dp-results"
            >
              {resultGroups(data).map(
                (group) =>
                  group.rows.length > 0 && (
                    <ResultGroup key={group.testId} title={group.title} count={group.rows.length}>
                      {group.rows.map(({ subject, erasure, badge, meta }) => (
                        <ResultRow
                          key={subject.id}
                          id={subject.id}
                          testId={group.testId}
                          icon={group.icon}
                          title={subject.name}
                          badge={badge}
                          meta={meta}
                          actions={<SubjectActions subject={subject} erasure={erasure} canErase={canErase} onExport={() => setExporting(subject)} onErase={() => setErasing(subject)} />}
                        />
                      ))}
                    </ResultGroup>
                  ),
              )}
            </div>
          )}
        </CardContent>
      </Card>

      {(user.role === 'principal' || user.role === 'school_director') && !!user.schoolId && <ConsentRegisterCard />}

      <RequestHistory />

      <ExportDialog subject={exporting} onClose={() => setExporting(null)} />
      {canErase && <EraseDialog subject={erasing} onClose={() => setErasing(null)} />}
    </div>
  );
}
