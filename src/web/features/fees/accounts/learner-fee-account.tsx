import { useFeesScope } from '../fee-management/fees-scope';
import { StudentAccountView } from './account-view';

/**
 * A learner's fee account inside the learner profile: read-only (payments and changes are made in
 * Student Accounts, linked from it), for those who may see it (not teachers); nothing otherwise.
 */
export function LearnerFeeAccount({ studentId }: { studentId: string }) {
  const fees = useFeesScope();
  if (!fees.canView) return null;
  return <StudentAccountView studentId={studentId} scope={fees} readOnly embedded title={(text) => <h2 className="text-lg font-semibold tracking-tight">{text}</h2>} />;
}
