/**
 * Learner photos (issue 10 §3): the avatar that shows a learner's photo or initials, and the
 * principal's upload/change/remove control. The learner profile places them (learners feature).
 */
export { LearnerPhoto, learnerPhotoUrl, type LearnerPhotoProps } from './learner-photo';
export { PhotoUploadButton, type PhotoUploadButtonProps } from './photo-upload-button';
export { PHOTO_MAX_SIDE, PHOTO_TYPES, preparePhoto } from './prepare-photo';
