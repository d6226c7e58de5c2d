import { AlertTriangle, ArrowRight, Boxes, Bus, CheckCircle2, HandCoins, PackageSearch, Receipt, ShieldAlert } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { canOpenSection, pathForSection } from '@shared/access';
import type { FinanceOfficeSummary } from '@shared/contracts/finance-office';
import { financeOfficeMessages as t } from '@shared/messages/finance-office';
import type { Role } from '@shared/roles';
import { api } from '@/lib/api';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney } from '@/components/money';
import { KesFigure } from '@/components/figures';
import { formatNumber, formatShortDate } from '@/lib/format';
import { Panel, StatGrid } from '@/components/page-layout';
import { StatCard } from '@/components/stat-card';

/** GET /api/finance-office/summary (issue 15), refreshed with the finance caches. */
export function useFinanceOfficeSummary() {
  return useQuery({ queryKey: ['finance-office', 'summary'], queryFn: () => api<FinanceOfficeSummary>('/api/finance-office/summary'), staleTime: 30_000 });
}

/**
 * The finance office at a glance (issue 15): spending and approvals, petty cash, the store and school
 * transport, then what needs attention (categories over budget, items to reorder, vehicle papers and
 * licences expiring within 30 days). On the finance officer's dashboard; links open the sections.
 */
export function FinanceOfficePanel({ role }: { role: Role }) {
  const q = useFinanceOfficeSummary();
  if (q.isPending) {
    return (
      <StatGrid>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-28 rounded-xl" />
        ))}
      </StatGrid>
    );
  }
  if (q.isError || !q.data) {
    return <p className="rounded-xl border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">{t.loadFailed}</p>;
  }
  const d = q.data;
  const alerts = [
    ...d.expenses.overBudget.map((o) => ({ key: `b-${o.category}`, icon: AlertTriangle, tone: 'text-amber-600', text: t.overBudget(o.category, formatMoney(o.actual), formatMoney(o.budget)), section: 'expenses' })),
    ...d.store.lowStock.map((i) => ({ key: `s-${i.id}`, icon: PackageSearch, tone: 'text-amber-600', text: t.lowStock(i.name, i.quantity, i.unit, i.reorderLevel), section: 'inventory' })),
    ...d.transport.alerts.map((a) => ({
      key: `t-${a.kind}-${a.subject}`,
      icon: ShieldAlert,
      tone: a.expired ? 'text-destructive' : 'text-amber-600',
      text: t.expiry[a.kind](a.subject, formatShortDate(a.expiresOn), a.expired),
      section: 'transport',
    })),
  ];
  const link = (section: string) => pathForSection(role, section);
  // Expenses are the finance officer's alone (spec §6); leaders get no link they could not open.
  const opens = (section: string) => canOpenSection(role, section).allowed;
  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="finance-office-panel">
      <StatGrid>
        <StatCard
          testId="stat-expenses-term"
          label={t.spent}
          value={<KesFigure value={d.expenses.spentThisTerm} shrink />}
          hint={t.spentHint(d.expenses.pendingCount)}
          icon={Receipt}
          accent={2}
        />
        <StatCard testId="stat-petty-cash" label={t.pettyCash} value={<KesFigure value={d.pettyCash.balance} shrink />} hint={t.pettyCashHint(formatMoney(d.pettyCash.float))} icon={HandCoins} accent={4} />
        <StatCard testId="stat-store-value" label={t.store} value={<KesFigure value={d.store.stockValue} shrink />} hint={t.storeHint(d.store.items, d.store.lowStock.length)} icon={Boxes} accent={3} />
        <StatCard testId="stat-transport" label={t.transport} value={formatNumber(d.transport.learners)} hint={t.transportHint(d.transport.routes)} icon={Bus} accent={1} />
      </StatGrid>
      <Panel
        title={t.alerts}
        description={t.description}
        testId="finance-office-alerts"
        action={
          <div className="flex flex-wrap gap-2">
            {(['expenses', 'inventory', 'transport'] as const).filter(opens).map((s) => (
              <Button key={s} asChild variant="outline" size="sm">
                <Link to={link(s)} data-testid={`open-${s}`}>
                  {s === 'expenses' ? t.openExpenses : s === 'inventory' ? t.openInventory : t.openTransport}
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
            ))}
          </div>
        }
      >
        {alerts.length === 0 ? (
          <p className="flex items-center gap-2 rounded-lg bg-emerald-500/10 px-3 py-2.5 text-sm text-emerald-800 dark:text-emerald-200">
            <CheckCircle2 className="size-4 shrink-0" aria-hidden />
            {t.noAlerts}
          </p>
        ) : (
          <ul className="grid gap-1.5 sm:grid-cols-2">
            {alerts.slice(0, 10).map((a) => (
              <li key={a.key}>
                {opens(a.section) ? (
                  <Link to={link(a.section)} className="flex items-start gap-2 rounded-lg px-2.5 py-2 text-sm hover:bg-muted/60">
                    <a.icon className={`mt-0.5 size-4 shrink-0 ${a.tone}`} aria-hidden />
                    <span className="min-w-0">{a.text}</span>
                  </Link>
                ) : (
                  <p className="flex items-start gap-2 px-2.5 py-2 text-sm">
                    <a.icon className={`mt-0.5 size-4 shrink-0 ${a.tone}`} aria-hidden />
                    <span className="min-w-0">{a.text}</span>
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
