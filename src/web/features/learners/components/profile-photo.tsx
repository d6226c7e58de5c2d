import type { StudentDetail } from '@shared/contracts/learners';
import { learnerName } from '@shared/contracts/learners';
import { LearnerAvatar } from './learner-avatar';

/**
 * The photo in the profile header: the learner's photo, else their initials.
 *
 * TODO(issue 10, learner-photo): when web/features/learner-photo lands, render its LearnerPhoto here
 * and, for the principal (`canEdit`), its PhotoUploadButton under it; this is the only place the
 * profile shows or changes the photo.
 */
export function ProfilePhoto({ learner }: { learner: StudentDetail; canEdit: boolean }) {
  return (
    <LearnerAvatar
      name={learnerName(learner)}
      gender={learner.gender}
      photoUrl={learner.photoUrl}
      className="size-16 ring-4 ring-background sm:size-20"
      textClassName="text-lg sm:text-xl"
    />
  );
}
