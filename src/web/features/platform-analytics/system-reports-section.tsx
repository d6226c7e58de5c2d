import * as React from 'react';
import { Activity, Building2, FileSpreadsheet, FileText, ReceiptText, ScrollText, type LucideIcon } from 'lucide-react';
import { addDays, schoolToday } from '@shared/dates';
import { platformAnalyticsScreens as s } from '@shared/messages/platform-analytics-screens';
import { PageHeader } from '@/components/page-header';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { qs, useSchoolsHealth } from './platform-analytics-api';
import { useFileDownload } from '@/lib/download';
import { PendingButton } from '@/components/pending-button';
import { IconBadge } from '@/components/icon-badge';
import { DateField } from '@/components/date-field';

const r = s.reports;
const ALL = '__all__';
type Format = 'pdf' | 'xlsx';
const FORMATS: Format[] = ['pdf', 'xlsx'];

interface Range {
  from: string;
  to: string;
}

/** "From" and "To" date fields of a report card. */
function RangeFields({ id, value, onChange, today }: { id: string; value: Range; onChange: (r: Range) => void; today: string }) {
  return (
    <div className="grid grid-cols-2 gap-2">
      <div className="flex min-w-0 flex-col gap-1.5">
        <Label htmlFor={`${id}-from`} className="text-xs text-muted-foreground">
          {s.period.from}
        </Label>
        <DateField id={`${id}-from`} value={value.from} max={value.to} onValueChange={(day) => day && onChange({ ...value, from: day })} data-testid={`${id}-from`} />
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <Label htmlFor={`${id}-to`} className="text-xs text-muted-foreground">
          {s.period.to}
        </Label>
        <DateField id={`${id}-to`} value={value.to} min={value.from} max={today} onValueChange={(day) => day && onChange({ ...value, to: day })} data-testid={`${id}-to`} />
      </div>
    </div>
  );
}

/** A report card: icon, title, what it holds, its fields, and the two download buttons. */
function ReportCard({
  id,
  icon: Icon,
  title,
  text,
  children,
  busy,
  onDownload,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  text: string;
  children?: React.ReactNode;
  busy: Format | null;
  onDownload: (format: Format) => void;
}) {
  return (
    <article className="flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-5" data-testid={`report-${id}`}>
      <div className="flex items-start gap-3">
        <IconBadge icon={Icon} className="size-10 rounded-lg bg-primary/10 text-primary ring-1 ring-inset ring-primary/15" iconClassName="size-5" />
        <div className="min-w-0">
          <h2 className="font-semibold tracking-tight">{title}</h2>
          <p className="mt-0.5 text-sm text-muted-foreground">{text}</p>
        </div>
      </div>
      {children && <div className="flex flex-col gap-3">{children}</div>}
      <div className="mt-auto grid grid-cols-1 gap-2 pt-1 min-[420px]:grid-cols-2">
        <PendingButton variant="default" pending={busy === 'pdf'} icon={FileText} disabled={busy !== null} onClick={() => onDownload('pdf')} data-testid={`report-${id}-pdf`}>
          {r.pdf}
        </PendingButton>
        <PendingButton variant="outline" pending={busy === 'xlsx'} icon={FileSpreadsheet} disabled={busy !== null} onClick={() => onDownload('xlsx')} data-testid={`report-${id}-xlsx`}>
          {r.xlsx}
        </PendingButton>
      </div>
    </article>
  );
}

/**
 * System Reports (issue 18 §3), the edufam_admin 'reports' and 'system-reports' sections: the schools
 * list, usage by school, the billing statement (the billing module's GET /api/billing/statement) and
 * the audit extract, each as PDF or Excel, with its period (and, for the audit, a school and an
 * action prefix).
 */
export function SystemReportsSection() {
  const today = schoolToday();
  const [usage, setUsage] = React.useState<Range>({ from: addDays(today, -29), to: today });
  const [billing, setBilling] = React.useState<Range>({ from: `${today.slice(0, 4)}-01-01`, to: today });
  const [audit, setAudit] = React.useState<Range>({ from: addDays(today, -6), to: today });
  const [auditSchool, setAuditSchool] = React.useState<string | null>(null);
  const [auditAction, setAuditAction] = React.useState('');
  const schools = useSchoolsHealth();
  const download = useFileDownload(r.failed);
  const busyOf = (id: string): Format | null => FORMATS.find((f) => download.isBusy(`${id}:${f}`)) ?? null;
  const get = (id: string, path: string, params: Record<string, string | null>, fallback: string) => (format: Format) =>
    void download.start(`${id}:${format}`, `${path}${qs({ ...params, format })}`, `${fallback}.${format}`);

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="system-reports-page">
      <PageHeader sectionId="reports" title={r.title} subtitle={r.subtitle} testId="system-reports-header" />
      <div className="grid grid-cols-1 gap-4 sm:gap-6 lg:grid-cols-2">
        <ReportCard id="schools" icon={Building2} title={r.schools} text={r.schoolsText} busy={busyOf('schools')} onDownload={get('schools', '/api/platform/reports/schools', {}, 'edufam-schools')} />
        <ReportCard id="usage" icon={Activity} title={r.usage} text={r.usageText} busy={busyOf('usage')} onDownload={get('usage', '/api/platform/reports/usage', { ...usage }, 'edufam-usage')}>
          <RangeFields id="usage" value={usage} onChange={setUsage} today={today} />
        </ReportCard>
        <ReportCard id="billing" icon={ReceiptText} title={r.billing} text={r.billingText} busy={busyOf('billing')} onDownload={get('billing', '/api/billing/statement', { ...billing }, 'edufam-billing-statement')}>
          <RangeFields id="billing" value={billing} onChange={setBilling} today={today} />
        </ReportCard>
        <ReportCard
          id="audit"
          icon={ScrollText}
          title={r.audit}
          text={r.auditText}
          busy={busyOf('audit')}
          onDownload={get('audit', '/api/platform/reports/audit', { ...audit, schoolId: auditSchool, action: auditAction.trim() || null }, 'edufam-audit')}
        >
          <RangeFields id="audit" value={audit} onChange={setAudit} today={today} />
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            <div className="flex min-w-0 flex-col gap-1.5">
              <Label htmlFor="audit-school" className="text-xs text-muted-foreground">
                {r.auditSchool}
              </Label>
              <Select value={auditSchool ?? ALL} onValueChange={(v) => setAuditSchool(v === ALL ? null : v)}>
                <SelectTrigger id="audit-school" className="w-full" data-testid="audit-school">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={ALL}>{r.allSchools}</SelectItem>
                  {(schools.data?.schools ?? []).map((x) => (
                    <SelectItem key={x.schoolId} value={x.schoolId}>
                      {x.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="flex min-w-0 flex-col gap-1.5">
              <Label htmlFor="audit-action" className="text-xs text-muted-foreground">
                {r.auditAction}
              </Label>
              <Input id="audit-action" value={auditAction} maxLength={100} placeholder={r.auditActionPlaceholder} onChange={(e) => setAuditAction(e.target.value)} data-testid="audit-action" />
            </div>
          </div>
        </ReportCard>
      </div>
    </section>
  );
}
