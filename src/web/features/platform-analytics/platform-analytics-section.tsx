import * as React from 'react';
import { Building2, GraduationCap, Loader2, Mail, Megaphone, MessagesSquare, Smartphone, Users, UsersRound } from 'lucide-react';
import type { PlatformAnalytics } from '@shared/contracts/platform-analytics';
import { platformAnalyticsScreens as s } from '@shared/messages/platform-analytics-screens';
import { PageHeader } from '@/components/page-header';
import { formatDate, formatNumber, formatShortDate } from '@/lib/format';
import { EmptyNote, Panel, StatGrid } from '@/components/page-layout';
import { PageSkeleton } from '@/components/page-states';
import { StatCard } from '@/components/stat-card';
import { KesFigure, SplitBar } from '@/components/figures';
import { cn } from '@/lib/utils';
import { CHART } from '@/components/charts';
import { PeriodPicker, usePeriod } from './period-picker';
import { usePlatformAnalytics } from './platform-analytics-api';
import { AdoptionBars, DauChart, GrowthChart } from './platform-charts';
import { QueryErrorCard } from '@/components/query-error-card';

const a = s.analytics;
const kes = (cents: number) => cents / 100;

/** Fee volume: the total, payments, and the M-Pesa share as a split bar. */
function FeesPanel({ fees }: { fees: PlatformAnalytics['fees'] }) {
  // M-Pesa and the other methods: the split bar and a card each.
  const parts = [
    { label: a.feesMpesa, value: fees.mpesaAmountCents, colour: CHART[2], share: fees.mpesaShare, count: fees.mpesaCount },
    { label: a.feesOther, value: fees.amountCents - fees.mpesaAmountCents, colour: CHART[4], share: fees.amountCents > 0 ? 1 - fees.mpesaShare : 0, count: fees.count - fees.mpesaCount },
  ];
  return (
    <Panel title={a.fees} description={a.feesHint} testId="panel-fees">
      <div className="flex flex-col gap-4">
        <div>
          <p className="text-3xl font-semibold tracking-tight" data-testid="fees-total">
            <KesFigure value={kes(fees.amountCents)} />
          </p>
          <p className="mt-1 text-sm text-muted-foreground">{a.feesPayments(fees.count)}</p>
        </div>
        <SplitBar className="h-2.5" parts={parts} />
        <ul className="grid grid-cols-2 gap-3 text-sm">
          {parts.map((part) => (
            <li key={part.label} className="rounded-lg border p-3">
              <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
                <span className="size-2.5 rounded-sm" style={{ background: part.colour }} />
                {part.label}
              </span>
              <span className="mt-1 block font-medium tabular-nums">
                <KesFigure value={kes(part.value)} />
              </span>
              <span className="block text-xs text-muted-foreground tabular-nums">
                {s.pct(part.share)} · {a.feesPayments(part.count)}
              </span>
            </li>
          ))}
        </ul>
        <p className="flex items-center justify-between border-t pt-3 text-sm">
          <span className="text-muted-foreground">{a.feesAverage}</span>
          <span className="font-medium">
            <KesFigure value={fees.count > 0 ? kes(fees.amountCents) / fees.count : 0} />
          </span>
        </p>
      </div>
    </Panel>
  );
}

/** Messages sent: the total and one tile per channel. */
function MessagesPanel({ messages }: { messages: PlatformAnalytics['messages'] }) {
  const tiles = [
    { key: 'sms', label: a.sms, value: messages.sms, icon: Smartphone, colour: CHART[1] },
    { key: 'email', label: a.email, value: messages.email, icon: Mail, colour: CHART[2] },
    { key: 'announcements', label: a.announcements, value: messages.announcements, icon: Megaphone, colour: CHART[3] },
    { key: 'conversations', label: a.conversations, value: messages.conversationMessages, icon: MessagesSquare, colour: CHART[5] },
  ];
  return (
    <Panel title={a.messages} description={a.messagesHint} testId="panel-messages">
      <p className="text-3xl font-semibold tracking-tight tabular-nums" data-testid="messages-total">
        {formatNumber(messages.total)} <span className="text-sm font-normal text-muted-foreground">{a.messagesTotal}</span>
      </p>
      <ul className="mt-3 flex flex-col divide-y">
        {tiles.map((t) => (
          <li key={t.key} className="flex min-w-0 items-center gap-3 py-2.5" data-testid={`messages-${t.key}`}>
            <span className="flex size-8 shrink-0 items-center justify-center rounded-md" style={{ background: `color-mix(in oklab, ${t.colour} 14%, transparent)`, color: t.colour }}>
              <t.icon className="size-4" aria-hidden />
            </span>
            <span className="min-w-0 flex-1 truncate text-sm">{t.label}</span>
            <span className="shrink-0 font-semibold tabular-nums">{formatNumber(t.value)}</span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/**
 * System Analytics (issue 18 §3), the 'analytics' section of EduFam staff: KPI cards (active schools,
 * learners, staff, parents), daily active users by role, module adoption, growth by month, fee volume
 * processed and messages sent, over the period picked (URL ?from&to, default the last 30 days).
 */
export function PlatformAnalyticsSection() {
  const period = usePeriod();
  const query = usePlatformAnalytics(period.from, period.to);
  const data = query.data;
  const range = s.period.range(formatDate(period.from), formatDate(period.to));

  let body: React.ReactNode;
  if (query.isPending) body = <PageSkeleton testId="platform-analytics-loading" rows={[{ grid: 'grid gap-4 sm:gap-6 xl:grid-cols-3', cells: ['h-96 rounded-xl xl:col-span-2', 'h-96 rounded-xl'] }, { cells: ['h-80 rounded-xl'] }]} />;
  else if (query.isError && !data) body = <QueryErrorCard query={query} title={a.loadFailed} retryLabel={s.common.tryAgain} testId="platform-analytics-error" />;
  else if (data) {
    const t = data.totals;
    const peak = data.dailyActiveUsers.reduce((best, d) => (d.total > best.total ? d : best), data.dailyActiveUsers[0] ?? { day: period.to, total: 0 });
    const average = data.dailyActiveUsers.length ? Math.round(data.dailyActiveUsers.reduce((sum, d) => sum + d.total, 0) / data.dailyActiveUsers.length) : 0;
    const anyone = data.dailyActiveUsers.some((d) => d.total > 0);
    body = (
      <div className={cn('flex min-w-0 flex-col gap-4 transition-opacity sm:gap-6', query.isPlaceholderData && 'opacity-60')} data-testid="platform-analytics">
        <StatGrid>
          <StatCard testId="kpi-schools" label={a.kpiSchools} value={formatNumber(t.activeSchools)} hint={a.kpiSchoolsHint(t.schools)} icon={Building2} accent={1} />
          <StatCard testId="kpi-learners" label={a.kpiLearners} value={formatNumber(t.learners)} hint={a.kpiLearnersHint} icon={GraduationCap} accent={2} />
          <StatCard testId="kpi-staff" label={a.kpiStaff} value={formatNumber(t.staff)} hint={a.kpiStaffHint} icon={Users} accent={3} />
          <StatCard testId="kpi-parents" label={a.kpiParents} value={formatNumber(t.parents)} hint={a.kpiParentsHint(t.activeUsers)} icon={UsersRound} accent={5} />
        </StatGrid>

        <div className="grid min-w-0 grid-cols-1 gap-4 sm:gap-6 xl:grid-cols-3">
          <Panel
            title={a.dau}
            description={anyone ? `${a.dauHint} · ${a.dauAverage(average)} · ${a.dauPeak(peak.total, formatShortDate(peak.day))}` : a.dauHint}
            className="xl:col-span-2"
            testId="panel-dau"
          >
            {anyone ? <DauChart data={data.dailyActiveUsers} height={280} /> : <EmptyNote>{a.dauEmpty}</EmptyNote>}
          </Panel>
          <FeesPanel fees={data.fees} />
        </div>

        <div className="grid min-w-0 grid-cols-1 gap-4 sm:gap-6 xl:grid-cols-3">
          <Panel title={a.adoption} description={a.adoptionHint} className="xl:col-span-2" testId="panel-adoption">
            <AdoptionBars data={data.moduleAdoption} activeSchools={t.activeSchools} />
          </Panel>
          <MessagesPanel messages={data.messages} />
        </div>

        <Panel title={a.growth} description={a.growthHint} testId="panel-growth">
          <GrowthChart data={data.growth} height={260} />
        </Panel>
      </div>
    );
  }

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="platform-analytics-page">
      <PageHeader
        sectionId="analytics"
        title={a.title}
        subtitle={a.subtitle(range)}
        testId="platform-analytics-header"
        actions={
          <div className="flex w-full items-center gap-2 sm:w-auto">
            {query.isFetching && !query.isPending && <Loader2 className="size-4 shrink-0 animate-spin text-muted-foreground" aria-label={s.common.refreshing} />}
            <PeriodPicker period={period} />
          </div>
        }
      />
      {body}
    </section>
  );
}
