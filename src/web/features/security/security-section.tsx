import { useSearchParams } from 'react-router';
import { Bell, Eye, FileLock2, LogIn, MonitorSmartphone, ScrollText, ShieldAlert, ShieldCheck, SlidersHorizontal } from 'lucide-react';
import { can } from '@shared/access';
import { securityScreens as ss } from '@shared/messages/security-screens';
import { sectionLabel } from '@shared/sections';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { PageHeader } from '@/components/page-header';
import { StatCard } from '@/components/stat-card';
import { DataProtectionPanel } from '@/features/data-protection';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { IconTabsList } from '@/components/icon-tabs';
import { useSecurityOverview } from './security-api';
import { SecurityAlertsTab } from './security-alerts-tab';
import { SecurityLogTab } from './security-log-tab';
import { SecurityPolicyTab } from './security-policy-tab';

const s = ss.admin;
const TABS = ['log', 'alerts', 'policy', 'data-protection'] as const;
type Tab = (typeof TABS)[number];

const figure = (n: number | undefined) => (n === undefined ? '…' : n.toLocaleString('en-KE'));

/**
 * EduFam staff's "Security" section (issue 18 §2): figures of the last 24 hours (sign-ins, failed
 * sign-ins, two-factor adoption, open alerts, active sessions), then the security log, alerts, the
 * policy (two-factor per role, passwords, idle sign-out) and data protection requests. edufam_admin and
 * its alias elimisha_admin change things (manageSecurity); viewSecurityLog alone reads. The tab is in the URL.
 */
export function SecuritySection() {
  const { state } = useAuth();
  const user = state.user;
  const [params, setParams] = useSearchParams();
  const overview = useSecurityOverview();
  if (!user?.role) return null;
  const actor = { id: user.id, role: user.role, schoolId: user.schoolId };
  if (!can(actor, 'viewSecurityLog')) return null;
  const canManage = can(actor, 'manageSecurity');

  const tabParam = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(tabParam ?? '') ? (tabParam as Tab) : 'log';
  // Another tab's filters and pages do not carry over.
  const setTab = (next: string) => setParams(next === 'log' ? {} : { tab: next }, { replace: true });

  const o = overview.data;
  const adoption = o && o.totalUsers > 0 ? Math.round((o.usersWithTwoFactor / o.totalUsers) * 100) : undefined;

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="security-section">
      <PageHeader sectionId="security" title={sectionLabel(user.role, 'security')} subtitle={s.subtitle} />

      {!canManage && (
        <p className="flex items-center gap-2 rounded-lg border bg-muted/40 px-3.5 py-2.5 text-sm text-muted-foreground" data-testid="security-read-only">
          <Eye className="size-4 shrink-0" aria-hidden />
          {s.readOnly}
        </p>
      )}

      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5" data-testid="security-stats">
        <StatCard testId="security-stat-sign-ins" label={s.kpi.signIns} value={figure(o?.signIns24h)} hint={s.kpi.last24h} icon={LogIn} accent={1} />
        <StatCard
          testId="security-stat-failed"
          label={s.kpi.failed}
          value={<span className={cn(o?.failedSignIns24h ? 'text-destructive' : undefined)}>{figure(o?.failedSignIns24h)}</span>}
          hint={s.kpi.last24h}
          icon={ShieldAlert}
          accent={4}
        />
        <StatCard
          testId="security-stat-two-factor"
          label={s.kpi.twoFactor}
          value={adoption === undefined ? (o ? '—' : '…') : `${adoption}%`}
          hint={o ? s.kpi.twoFactorHint(o.usersWithTwoFactor, o.totalUsers) : undefined}
          icon={ShieldCheck}
          accent={2}
        />
        <StatCard
          testId="security-stat-alerts"
          label={s.kpi.alerts}
          value={<span className={cn(o?.openAlerts ? 'text-amber-600 dark:text-amber-400' : undefined)}>{figure(o?.openAlerts)}</span>}
          hint={s.kpi.alertsHint}
          icon={Bell}
          accent={3}
        />
        <StatCard testId="security-stat-sessions" label={s.kpi.sessions} value={figure(o?.activeSessions)} hint={s.kpi.sessionsHint} icon={MonitorSmartphone} accent={5} className="col-span-2 lg:col-span-1" />
      </div>
      {overview.isError && <p className="text-sm text-destructive">{s.overviewFailed}</p>}

      <Tabs value={tab} onValueChange={setTab}>
        <IconTabsList
          tabs={[
            { value: 'log', icon: ScrollText, label: s.tabs.log, testId: 'security-tab-log' },
            { value: 'alerts', icon: Bell, label: s.tabs.alerts, testId: 'security-tab-alerts', badge: !!o?.openAlerts && <span className="rounded-full bg-amber-500/15 px-1.5 text-xs font-semibold text-amber-700 tabular-nums dark:text-amber-300">{o.openAlerts}</span> },
            { value: 'policy', icon: SlidersHorizontal, label: s.tabs.policy, testId: 'security-tab-policy' },
            { value: 'data-protection', icon: FileLock2, label: s.tabs.dataProtection, testId: 'security-tab-data-protection' },
          ]}
        />
        <TabsContent value="log">
          <SecurityLogTab />
        </TabsContent>
        <TabsContent value="alerts">
          <SecurityAlertsTab canManage={canManage} />
        </TabsContent>
        <TabsContent value="policy">
          <SecurityPolicyTab canManage={canManage} byRole={o?.twoFactorByRole} />
        </TabsContent>
        <TabsContent value="data-protection">
          <DataProtectionPanel />
        </TabsContent>
      </Tabs>
    </section>
  );
}
