import * as React from 'react';
import { useSearchParams } from 'react-router';
import { learnerName } from '@shared/contracts/learners';
import { messages } from '@shared/messages';
import { useAuth } from '@/lib/auth';
import { useSchoolContext } from '@/lib/school-context';
import { useActiveSectionTitle } from '@/lib/use-active-section';
import { useStudent } from '../api/learners';
import { FiguresPanel } from './figures-panel';
import { LearnerProfile } from './learner-profile';
import { LearnerRegister, RegisterActions } from './learner-register';
import { AcademicBreadcrumb, PageHeader } from '@/components/page-header';
import { registerModeFor } from './register-mode';

const r = messages.learners.register;

/**
 * The register sections (issue 10 §2 "Student information", §3 `students` for every role): the
 * register, or the learner profile when the URL names one (`?student=<id>`). `hub`: the page sits
 * under Academic Management (breadcrumb back to the hub).
 */
export function RegisterPage({ hub }: { hub: boolean }) {
  const { sectionId, title } = useActiveSectionTitle();
  const { state } = useAuth();
  const mode = registerModeFor(state.user?.role);
  const school = useSchoolContext();
  const [params, setParams] = useSearchParams();
  const studentId = params.get('student');
  const student = useStudent(studentId);

  const open = React.useCallback(
    (id: string) => {
      setParams((prev) => {
        const q = new URLSearchParams(prev);
        q.set('student', id);
        q.delete('tab');
        return q;
      });
      window.scrollTo({ top: 0 });
    },
    [setParams],
  );
  const back = React.useCallback(() => {
    setParams((prev) => {
      const q = new URLSearchParams(prev);
      q.delete('student');
      q.delete('tab');
      return q;
    });
  }, [setParams]);

  if (!mode) return null;

  if (studentId) {
    const name = student.data ? learnerName(student.data) : '…';
    return (
      <LearnerProfile
        key={studentId}
        id={studentId}
        mode={mode}
        onBack={back}
        onOpenLearner={open}
        nav={hub ? <AcademicBreadcrumb trail={[{ label: title, onClick: back }, { label: name }]} /> : undefined}
      />
    );
  }

  const subtitle = r.subtitle[mode === 'platform' ? 'platform' : mode];
  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="learners-section" data-mode={mode}>
      <div className="flex flex-col gap-3">
        {hub && <AcademicBreadcrumb trail={[{ label: title }]} />}
        <PageHeader
          sectionId={sectionId}
          title={title}
          subtitle={mode === 'platform' && school.currentSchool ? `${school.currentSchool.name} · ${subtitle}` : subtitle}
          actions={mode === 'principal' ? <RegisterActions /> : undefined}
        />
      </div>
      {mode === 'school_director' && <FiguresPanel />}
      <LearnerRegister mode={mode} onOpen={open} />
    </section>
  );
}
