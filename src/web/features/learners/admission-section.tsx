import * as React from 'react';
import { pathForSection } from '@shared/access';
import { messages } from '@shared/messages';
import { useAuth } from '@/lib/auth';
import { useActiveSectionTitle } from '@/lib/use-active-section';
import type { AdmissionResult } from './api/learners';
import { AdmissionForm } from './components/admission-form';
import { AdmissionSuccess } from './components/admission-success';
import { AcademicBreadcrumb, PageHeader } from '@/components/page-header';

/**
 * Student Admission (issue 10 §2; principal, section `student-admission`): the admission form, then a
 * confirmation with the admission number and notices, "Open profile" and "Admit another".
 */
export function AdmissionSection() {
  const { sectionId, title } = useActiveSectionTitle();
  const { state } = useAuth();
  const role = state.user?.role ?? null;
  const [result, setResult] = React.useState<AdmissionResult | null>(null);
  // A fresh form after "Admit another".
  const [formKey, setFormKey] = React.useState(0);

  const onAdmitted = (r: AdmissionResult) => {
    setResult(r);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <section className="mx-auto flex w-full max-w-5xl min-w-0 flex-col gap-4 sm:gap-6" data-testid="admission-section">
      <div className="flex flex-col gap-3">
        <AcademicBreadcrumb trail={[{ label: title }]} />
        <PageHeader sectionId={sectionId} title={title} subtitle={messages.learners.admission.subtitle} />
      </div>
      {result ? (
        <AdmissionSuccess
          result={result}
          profilePath={`${pathForSection(role, 'student-information')}?student=${encodeURIComponent(result.id)}`}
          onAnother={() => {
            setResult(null);
            setFormKey((k) => k + 1);
          }}
        />
      ) : (
        <AdmissionForm key={formKey} onAdmitted={onAdmitted} />
      )}
    </section>
  );
}
