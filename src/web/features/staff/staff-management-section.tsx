import { useSearchParams } from 'react-router';
import { ArrowLeft, CalendarDays, Plus, UsersRound } from 'lucide-react';
import { can } from '@shared/access';
import { staffScreens as m } from '@shared/messages/staff';
import { useActiveSectionTitle } from '@/lib/use-active-section';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { useSchoolContext } from '@/lib/school-context';
import { LeaveTab } from '@/features/leave';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { IconTabsList } from '@/components/icon-tabs';
import { iconTabEntries } from '@/components/icon-tab-entries';
import { useStaffList } from './staff-api';
import { StaffDetailView } from './staff-detail';
import { StaffForm } from './staff-form';
import { StaffList } from './staff-list';

type Tab = 'staff' | 'leave';

/**
 * HR's Staff Management (issue 14 §1, section "staff-management"): tabs Staff and Leave (LeaveTab,
 * features/leave). The Staff tab shows the list (summary, contract-ending alerts, search and filters)
 * or, by the address, the "Add staff member" form (`?view=new`) or one record (`?staff=<id>`) with its
 * documents, account and exit. Roles that may view but not manage staff see everything read-only.
 */
export function StaffManagementSection() {
  const { sectionId, title } = useActiveSectionTitle();
  const { state } = useAuth();
  const { currentSchool } = useSchoolContext();
  const user = state.user;
  const canManage = !!user?.role && can({ id: user.id, role: user.role, schoolId: user.schoolId }, 'manageStaff');
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'leave' ? 'leave' : 'staff';
  const staffId = params.get('staff');
  const adding = params.get('view') === 'new' && canManage;
  // The departments in use, for the form's suggestions (the list's query is cached).
  const departments = useStaffList('status=all&pageSize=1').data?.departments ?? [];

  const go = (patch: Record<string, string | null>, replace = false) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === null) next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace },
    );
  const openStaff = (id: string) => go({ staff: id, view: null });
  const backToList = () => go({ staff: null, view: null });

  const addButton = canManage && (
    <Button onClick={() => go({ view: 'new', staff: null })} data-testid="staff-add">
      <Plus aria-hidden />
      {m.list.add}
    </Button>
  );

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="staff-management">
      <PageHeader
        sectionId={sectionId}
        title={title}
        subtitle={currentSchool?.name ? `${currentSchool.name} · ${m.subtitle}` : m.subtitle}
        actions={tab === 'staff' && !adding && !staffId ? addButton : undefined}
        testId="staff-management-header"
      />
      <Tabs value={tab} onValueChange={(next) => setParams(next === 'leave' ? { tab: 'leave' } : {})} className="min-w-0">
        <IconTabsList
          label={title}
          tabs={iconTabEntries(m.tabs, 'staff', [['staff', UsersRound], ['leave', CalendarDays]])}
        />
        <TabsContent value="staff">
          {tab === 'staff' &&
            (adding ? (
              <div className="flex min-w-0 flex-col gap-4" data-testid="staff-new">
                <div className="flex flex-col gap-1">
                  <Button variant="ghost" size="sm" className="-ml-2 self-start" onClick={backToList}>
                    <ArrowLeft aria-hidden />
                    {m.detail.back}
                  </Button>
                  <h2 className="text-lg font-semibold tracking-tight">{m.form.newTitle}</h2>
                  <p className="text-sm text-muted-foreground">{m.form.newSubtitle}</p>
                </div>
                <StaffForm departments={departments} onDone={(s) => go({ view: null, staff: s.id }, true)} onCancel={backToList} />
              </div>
            ) : staffId ? (
              <StaffDetailView id={staffId} canManage={canManage} departments={departments} onBack={backToList} />
            ) : (
              <StaffList onOpen={openStaff} />
            ))}
        </TabsContent>
        <TabsContent value="leave">{tab === 'leave' && <LeaveTab />}</TabsContent>
      </Tabs>
    </section>
  );
}
