import * as React from 'react';
import { Award, SearchX } from 'lucide-react';
import { CERTIFICATE_KINDS, type CertificateListItem } from '@shared/contracts/assessment';
import { certificateScreens as m } from '@shared/messages/certificates-screens';
import { cn } from '@/lib/utils';
import { DataTable, ListToolbar, pagedTableProps, useListParams, type ColumnDef, listSearchProps } from '@/components/data-table';
import { FilterSelect } from '@/components/filter-select';
import { useCertificates } from '../api/certificates';
import { useSchoolOptions } from '../api/pickers';
import { CertificateKindBadge, CertificateStatusBadge, GradeLetter } from './badges';
import { CertificateActions, type CertificateActionHandlers } from './certificate-actions';
import { formatAverage, formatDay, isRevoked } from './format';

const t = m.list;
const PAGE_SIZE = 25;
const FILTERS = { search: '', kind: '', status: '', schoolId: '' };
/** The list also holds the signed report cards (their QR codes verify the same way). */
const LIST_KINDS = [...CERTIFICATE_KINDS, 'report_card'] as const;

export type CertificatesMode = 'principal' | 'director' | 'admin';

function certificateColumns(showSchool: boolean, handlers: CertificateActionHandlers): ColumnDef<CertificateListItem, unknown>[] {
  const cols: ColumnDef<CertificateListItem, unknown>[] = [
    {
      id: 'learner',
      header: t.colLearner,
      meta: { alwaysVisible: true, className: 'min-w-44' },
      cell: ({ row }) => (
        <div className="min-w-0">
          <p className={cn('max-w-56 truncate font-medium', isRevoked(row.original) && 'text-muted-foreground')} data-testid="certificate-learner">
            {row.original.student.name}
          </p>
          <p className="truncate font-mono text-xs text-muted-foreground" data-testid="certificate-admission">
            {row.original.student.admission_number}
          </p>
        </div>
      ),
    },
    { id: 'kind', header: t.colKind, meta: { label: t.colKind }, cell: ({ row }) => <CertificateKindBadge kind={row.original.kind} /> },
    { id: 'class', header: t.colClass, meta: { label: t.colClass, defaultHidden: showSchool }, cell: ({ row }) => <span className="whitespace-nowrap">{row.original.class.name}</span> },
    {
      id: 'average',
      header: t.colAverage,
      meta: { label: t.colAverage, className: 'text-right', defaultHidden: showSchool },
      cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatAverage(row.original.performance.average_score)}</span>,
    },
    { id: 'grade', header: t.colGrade, meta: { label: t.colGrade, className: 'text-center' }, cell: ({ row }) => <GradeLetter grade={row.original.performance.grade_letter} label={row.original.performance.grade_label} /> },
    {
      id: 'issued',
      header: t.colIssued,
      meta: { label: t.colIssued },
      cell: ({ row }) => (
        <time dateTime={row.original.generated_at} className="whitespace-nowrap tabular-nums">
          {formatDay(row.original.generated_at)}
        </time>
      ),
    },
    { id: 'status', header: t.colStatus, meta: { label: t.colStatus }, cell: ({ row }) => <CertificateStatusBadge revoked={isRevoked(row.original)} /> },
  ];
  if (showSchool)
    cols.splice(1, 0, {
      id: 'school',
      header: t.colSchool,
      meta: { label: t.colSchool, className: 'min-w-40' },
      cell: ({ row }) => (
        <span className="line-clamp-2 max-w-52 leading-snug" title={row.original.schoolName} data-testid="certificate-school">
          {row.original.schoolName}
        </span>
      ),
    });
  cols.push({
    id: 'actions',
    header: () => <span className="sr-only">{t.colActions}</span>,
    // `relative` keeps the header's sr-only text inside the table's scroll box.
    meta: { alwaysVisible: true, className: 'relative w-20 text-right' },
    cell: ({ row }) => <CertificateActions cert={row.original} handlers={handlers} />,
  });
  return cols;
}

function CertificateCard({ cert, showSchool, handlers }: { cert: CertificateListItem; showSchool: boolean; handlers: CertificateActionHandlers }) {
  const revoked = isRevoked(cert);
  return (
    <div className="flex min-w-0 flex-col gap-2.5">
      <div className="flex min-w-0 items-start justify-between gap-2">
        <div className="min-w-0">
          <p className={cn('truncate font-medium', revoked && 'text-muted-foreground')} data-testid="certificate-learner">
            {cert.student.name}
          </p>
          <p className="truncate text-xs text-muted-foreground">
            <span className="font-mono" data-testid="certificate-admission">
              {cert.student.admission_number}
            </span>{' '}
            · {cert.class.name}
          </p>
          {showSchool && (
            <p className="truncate text-xs text-muted-foreground" data-testid="certificate-school">
              {cert.schoolName}
            </p>
          )}
        </div>
        <CertificateStatusBadge revoked={revoked} className="shrink-0" />
      </div>
      <div className="flex min-w-0 items-center justify-between gap-2 border-t border-dashed pt-2.5">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          <CertificateKindBadge kind={cert.kind} />
          <GradeLetter grade={cert.performance.grade_letter} label={cert.performance.grade_label} />
          <span className="tabular-nums">{formatAverage(cert.performance.average_score)}</span>
          <time dateTime={cert.generated_at} className="tabular-nums">
            {t.issued(formatDay(cert.generated_at))}
          </time>
        </div>
        <CertificateActions cert={cert} handlers={handlers} className="-mr-1.5 shrink-0" />
      </div>
    </div>
  );
}

/**
 * The platform's school filter (GET /api/schools), kept in the URL with the list's other filters; it
 * sits in the page header as the scope of the whole page.
 */
export function CertificateSchoolFilter() {
  const list = useListParams(FILTERS);
  const schools = useSchoolOptions(true);
  return (
    <FilterSelect
      value={list.values.schoolId}
      onChange={(schoolId) => list.set({ schoolId })}
      all={t.allSchools}
      options={(schools.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
      label={t.schoolFilter}
      className="sm:w-64"
      testId="certificates-filter-school"
    />
  );
}

/**
 * The issued certificates on the list-page kit: search, type, status and (platform staff) school in the
 * URL, server paging, a School column for platform staff, a card per certificate below 768 px; a row
 * opens the certificate; each row downloads its PDF, copies or opens its verification link and, when
 * allowed, revokes it.
 */
export function CertificatesList({ mode, handlers, onOpen }: { mode: CertificatesMode; handlers: CertificateActionHandlers; onOpen: (c: CertificateListItem) => void }) {
  const list = useListParams(FILTERS);
  const admin = mode === 'admin';
  const q = new URLSearchParams();
  for (const k of ['search', 'kind', 'status'] as const) if (list.values[k]) q.set(k, list.values[k]);
  if (admin && list.values.schoolId) q.set('schoolId', list.values.schoolId);
  q.set('page', String(list.page));
  q.set('pageSize', String(PAGE_SIZE));
  const certificates = useCertificates(q.toString());
  const data = certificates.data;
  const showSchool = admin;
  const columns = React.useMemo(() => certificateColumns(showSchool, handlers), [showSchool, handlers]);

  return (
    <DataTable
      id={admin ? 'certificates-admin' : 'certificates'}
      columns={columns}
      getRowId={(c) => c.id}
      {...pagedTableProps(list, certificates, { pageSize: PAGE_SIZE, rows: (d) => d.items, sortable: false })}
      errorTitle={t.loadFailed}
      empty={
        list.filtered
          ? { icon: SearchX, title: t.emptyFiltered }
          : { icon: Award, title: t.empty, hint: mode === 'principal' ? t.emptyHintPrincipal : t.emptyHint }
      }
      renderCard={(c) => <CertificateCard cert={c} showSchool={showSchool} handlers={handlers} />}
      onRowClick={onOpen}
      rowTestId="certificate-row"
      minWidth={showSchool ? 900 : 760}
      toolbar={
        <div className="flex min-w-0 flex-col gap-3">
          <div className="flex min-w-0 items-center gap-2">
            <h2 className="text-[15px] font-semibold">{t.title}</h2>
            {data && (
              <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground tabular-nums" data-testid="certificates-total">
                {data.total}
              </span>
            )}
          </div>
          <ListToolbar
            {...listSearchProps(list, t.searchPlaceholder)}
            filters={
              <>
                <FilterSelect
                  value={list.values.kind}
                  onChange={(kind) => list.set({ kind })}
                  all={t.allKinds}
                  options={LIST_KINDS.map((k) => ({ value: k, label: m.kinds[k] }))}
                  label={t.kindFilter}
                  testId="certificates-filter-kind"
                />
                <FilterSelect
                  value={list.values.status}
                  onChange={(status) => list.set({ status })}
                  all={t.allStatuses}
                  options={(['valid', 'revoked'] as const).map((s) => ({ value: s, label: m.status[s] }))}
                  label={t.statusFilter}
                  testId="certificates-filter-status"
                />
              </>
            }
            testId="certificates-toolbar"
          />
        </div>
      }
    />
  );
}
