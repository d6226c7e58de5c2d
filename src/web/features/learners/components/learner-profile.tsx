import * as React from 'react';
import { useSearchParams } from 'react-router';
import { ArrowLeft, CalendarCheck, GraduationCap, Info, Pencil, SearchX } from 'lucide-react';
import { learnerName, type StudentDetail } from '@shared/contracts/learners';
import { messages } from '@shared/messages';
import { ApiError } from '@/lib/api';
import { StatusCard } from '@/components/status-screen';
import { EmptyListState } from '@/components/list-states';
import { QueryErrorCard } from '@/components/query-error-card';
import { Button } from '@/components/ui/button';
import { SkeletonStack } from '@/components/skeleton-stack';
import { can } from '@shared/access';
import { useAuth } from '@/lib/auth';
import { LearnerFeesTabContext } from './fees-tab-slot';
import { useStudent } from '../api/learners';
import { DetailsTab } from './details-tab';
import { EditLearnerDialog } from './edit-learner-dialog';
import { ageToday, formatDate } from './format';
import { GuardiansTab } from './guardians-tab';
import { HistoryTab } from './history-tab';
import { ProfilePhoto } from './profile-photo';
import type { RegisterMode } from './register-mode';
import { LearnerStatusBadge } from './status-badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { LearnerConsentCard, LearnerDataExportButton } from '@/features/data-protection';
import { consentMessages } from '@shared/messages/consents';

const m = messages.learners;
const p = m.profile;

const TABS = ['details', 'guardians', 'history', 'fees', 'consent', 'grades', 'attendance'] as const;
type Tab = (typeof TABS)[number];

function Meta({ children }: { children: React.ReactNode }) {
  return <span className="inline-flex items-center whitespace-nowrap">{children}</span>;
}

function ProfileHeader({ learner, canEdit, onEdit }: { learner: StudentDetail; canEdit: boolean; onEdit: () => void }) {
  const name = learnerName(learner);
  const age = ageToday(learner.dateOfBirth);
  const left = learner.status !== 'active';
  const status = m.statuses[learner.status];
  return (
    <div className="min-w-0 overflow-hidden rounded-xl border bg-card shadow-sm" data-testid="profile-header">
      <div className="h-14 bg-gradient-to-r from-primary/15 via-primary/5 to-transparent sm:h-16" aria-hidden />
      <div className="-mt-8 flex flex-col gap-4 px-4 pb-4 sm:-mt-10 sm:flex-row sm:items-end sm:px-6 sm:pb-5">
        <ProfilePhoto learner={learner} canEdit={canEdit} />
        <div className="min-w-0 flex-1 sm:pb-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
            <h1 className="min-w-0 text-xl font-semibold tracking-tight break-words sm:text-2xl" data-testid="profile-name">
              {name}
            </h1>
            <LearnerStatusBadge status={learner.status} />
          </div>
          <p className="mt-1.5 flex flex-wrap gap-x-2 gap-y-1 text-sm text-muted-foreground" data-testid="profile-meta">
            <Meta>
              {p.admissionNo}&nbsp;<span className="font-mono text-[13px] font-medium text-foreground">{learner.admissionNumber}</span>
            </Meta>
            <span aria-hidden>·</span>
            <Meta>
              <span data-testid="profile-class">{learner.className ?? m.common.noClass}</span>
            </Meta>
            {age !== null && (
              <>
                <span aria-hidden>·</span>
                <Meta>{m.common.years(age)}</Meta>
              </>
            )}
            <span aria-hidden>·</span>
            <Meta>{m.genders[learner.gender]}</Meta>
            <span aria-hidden>·</span>
            <Meta>{m.boardingOptions[learner.boarding]}</Meta>
          </p>
        </div>
        {canEdit && (
          <div className="flex w-full flex-col gap-2 sm:mb-1 sm:w-auto sm:flex-row">
            {/* Issue 18 §2: a subject-access request (Data Protection Act 2019 s.26), exported as JSON and audited. */}
            <LearnerDataExportButton studentId={learner.id} name={name} className="w-full sm:w-auto" />
            <Button variant="outline" onClick={onEdit} className="w-full sm:w-auto" data-testid="profile-edit">
              <Pencil aria-hidden />
              {p.editDetails}
            </Button>
          </div>
        )}
      </div>
      {left && (
        <div className="flex items-start gap-2.5 border-t bg-muted/40 px-4 py-3 text-sm sm:px-6" data-testid="profile-left">
          <Info className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
          <div className="min-w-0">
            <p className="font-medium">{learner.leftOn ? p.leftOn(status, formatDate(learner.leftOn)) : p.leftNoDate(status)}</p>
            {learner.leavingReason && (
              <p className="mt-0.5 text-muted-foreground">
                {p.reason}: {learner.leavingReason}
              </p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

function ProfileSkeleton() {
  return <SkeletonStack testId="profile-loading" cells={['h-40 w-full rounded-xl', 'h-10 w-full max-w-lg', { grid: 'grid gap-4 lg:grid-cols-2', cells: ['h-48', 'h-48'] }]} />;
}

/**
 * The learner profile (issue 10 §2 Student information), a full page inside the section driven by
 * `?student=<id>` (the ID card's QR code links here): header with photo, name, admission number,
 * class, status and age (and the leaving date and reason when not active), then tabs in the URL
 * (`&tab=`): Details (edit dialog for the principal), Guardians, Class history, Fees (the fee account,
 * read-only, for those who may see it: not teachers), and Grades and Attendance, which later modules fill.
 */
export function LearnerProfile({ id, mode, onBack, onOpenLearner, nav }: { id: string; mode: RegisterMode; onBack: () => void; onOpenLearner: (id: string) => void; nav?: React.ReactNode }) {
  const student = useStudent(id);
  const feesTab = React.useContext(LearnerFeesTabContext);
  const { state } = useAuth();
  const user = state.user;
  // The fees tab: for those who may see a learner's fee account (not teachers).
  const canViewFees = !!feesTab && !!user?.role && can({ id: user.id, role: user.role, schoolId: user.schoolId }, 'viewStudentAccount');
  // The Consent card (issue 35 §5): the principal and the director, who record consent.
  const canViewConsent = mode === 'principal' || mode === 'school_director';
  const tabs = TABS.filter((t) => (t !== 'fees' || canViewFees) && (t !== 'consent' || canViewConsent));
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = React.useState(false);
  const requested = params.get('tab');
  const tab: Tab = (tabs as readonly string[]).includes(requested ?? '') ? (requested as Tab) : 'details';
  const setTab = (next: string) =>
    setParams(
      (prev) => {
        const q = new URLSearchParams(prev);
        if (next === 'details') q.delete('tab');
        else q.set('tab', next);
        return q;
      },
      { replace: true },
    );

  const back = (
    <Button variant="ghost" size="sm" className="-ml-2 w-fit text-muted-foreground" onClick={onBack} data-testid="profile-back">
      <ArrowLeft aria-hidden />
      {p.back}
    </Button>
  );

  let body: React.ReactNode;
  if (student.isError) {
    const notFound = student.error instanceof ApiError && student.error.status === 404;
    body = notFound ? (
      <div className="flex justify-center py-8">
        <StatusCard icon={SearchX} tone="warning" title={m.notFound} text={p.notFoundText} role="status" actions={back} />
      </div>
    ) : (
      <QueryErrorCard query={student} title={p.loadFailed} retryLabel={m.common.tryAgain} testId="profile-error" />
    );
  } else if (!student.data) {
    body = <ProfileSkeleton />;
  } else {
    const learner = student.data;
    const canEdit = mode === 'principal' && learner.canEdit && learner.status === 'active';
    body = (
      <>
        <ProfileHeader learner={learner} canEdit={canEdit} onEdit={() => setEditing(true)} />
        <Tabs value={tab} onValueChange={setTab} className="min-w-0">
          <TabsList aria-label={p.tabsLabel}>
            {tabs.map((t) => (
              <TabsTrigger key={t} value={t} data-testid={`profile-tab-${t}`}>
                {t === 'consent' ? consentMessages.card.title : p.tabs[t]}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="details">
            <DetailsTab learner={learner} showHealth={mode !== 'finance_officer'} />
          </TabsContent>
          <TabsContent value="guardians">
            <GuardiansTab learner={learner} canEdit={canEdit} isTeacher={mode === 'teacher'} onOpenLearner={onOpenLearner} />
          </TabsContent>
          <TabsContent value="history">
            <HistoryTab learnerId={learner.id} />
          </TabsContent>
          {canViewFees && (
            <TabsContent value="fees" data-testid="profile-fees">
              {/* Read-only here: payments and changes are made in Student Accounts (linked). */}
              {feesTab(learner.id)}
            </TabsContent>
          )}
          {canViewConsent && (
            <TabsContent value="consent">
              <LearnerConsentCard studentId={learner.id} />
            </TabsContent>
          )}
          <TabsContent value="grades">
            <EmptyListState icon={GraduationCap} title={p.comingTitle.grades} hint={p.comingText.grades} testId="profile-grades" className="rounded-xl bg-card/50" />
          </TabsContent>
          <TabsContent value="attendance">
            <EmptyListState icon={CalendarCheck} title={p.comingTitle.attendance} hint={p.comingText.attendance} testId="profile-attendance" className="rounded-xl bg-card/50" />
          </TabsContent>
        </Tabs>
        {canEdit && <EditLearnerDialog learner={learner} open={editing} onOpenChange={setEditing} />}
      </>
    );
  }

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-5" data-testid="learner-profile" data-student-id={id}>
      {/* The breadcrumb leads back when there is one; otherwise a plain Back button. */}
      {nav ?? back}
      {body}
    </section>
  );
}
