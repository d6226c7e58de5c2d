import * as React from 'react';
import { useSearchParams } from 'react-router';
import { Building2 } from 'lucide-react';
import { messages } from '@shared/messages';
import { useActiveSectionTitle } from '@/lib/use-active-section';
import { PageHeader } from '@/components/page-header';
import { useFeesLiveRefresh } from '../api/fees';
import { useFeesScope } from '../fee-management/fees-scope';
import { AccountSheet } from './account-sheet';
import { AccountsList } from './accounts-list';
import { EmptyStateCard } from '@/components/page-states';

const m = messages.feeManagement;

/**
 * Student Accounts (issue 11 §2, section `student-accounts`): every learner's balance on the list-page
 * kit; a learner opens their account in a sheet (`?student=<id>` in the URL, so Back closes it and a
 * link from an invoice or the learner profile lands on it). The finance officer records payments,
 * requests M-Pesa payments, reverses and invoices there; the principal, the director and platform
 * staff read. M-Pesa payments arriving refresh the list (SSE `fees.changed`).
 */
export function StudentAccountsSection() {
  useFeesLiveRefresh();
  const { sectionId, title } = useActiveSectionTitle();
  const scope = useFeesScope();
  const [params, setParams] = useSearchParams();
  const studentId = params.get('student');

  const open = React.useCallback(
    (id: string) =>
      setParams((prev) => {
        const q = new URLSearchParams(prev);
        q.set('student', id);
        return q;
      }),
    [setParams],
  );
  const close = React.useCallback(
    () =>
      setParams(
        (prev) => {
          const q = new URLSearchParams(prev);
          q.delete('student');
          return q;
        },
        { replace: true },
      ),
    [setParams],
  );

  const subtitle = scope.canManage ? m.accounts.subtitle : m.accounts.subtitleReadOnly;
  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="student-accounts" data-can-manage={scope.canManage || undefined}>
      <PageHeader sectionId={sectionId} title={title} subtitle={scope.schoolName ? `${scope.schoolName} · ${subtitle}` : subtitle} testId="student-accounts-header" />
      {scope.needsSchool ? (
        <EmptyStateCard icon={Building2} title={m.common.pickSchool} hint={m.common.pickSchoolHint} testId="fees-pick-school" />
      ) : (
        <>
          <AccountsList scope={scope} onOpen={open} />
          <AccountSheet studentId={studentId} scope={scope} onClose={close} />
        </>
      )}
    </section>
  );
}
