import { learnerName, type StudentDetail } from '@shared/contracts/learners';
import { LearnerPhoto, PhotoUploadButton } from '@/features/learner-photo';

/**
 * The photo in the profile header (web/features/learner-photo): the learner's photo, else their
 * initials; the principal (`canEdit`) uploads, changes or removes it underneath. The photo refreshes
 * the learner queries itself.
 */
export function ProfilePhoto({ learner, canEdit }: { learner: StudentDetail; canEdit: boolean }) {
  const name = learnerName(learner);
  return (
    <div className="flex w-fit flex-col items-center gap-2" data-testid="profile-photo">
      <LearnerPhoto studentId={learner.id} name={name} photoUrl={learner.photoUrl} gender={learner.gender} size="xl" shape="rounded" className="bg-card shadow-sm ring-4 ring-card" />
      {canEdit && <PhotoUploadButton studentId={learner.id} name={name} hasPhoto={learner.hasPhoto} />}
    </div>
  );
}
