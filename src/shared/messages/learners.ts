/**
 * User-facing strings of the learner register (issue 10 §2 Student admission, Student information, §3
 * students sections, §4 Public API errors). Part of `messages` (shared/messages.ts) as `messages.learners`.
 */
export const learnersMessages = {
  // Field validation (API 400 `fields` and the admission form).
  firstNameRequired: 'Enter the learner’s first name.',
  lastNameRequired: 'Enter the learner’s last name.',
  nameTooLong: 'Names can be at most 80 characters.',
  genderRequired: 'Choose the learner’s gender.',
  dateOfBirthInvalid: 'Enter the date of birth as YYYY-MM-DD.',
  dateOfBirthFuture: 'The date of birth cannot be in the future.',
  dateOfBirthTooOld: 'The date of birth is more than 30 years ago. Check the year.',
  classRequired: 'Choose the learner’s class.',
  unknownClass: 'That class does not exist in this school.',
  classNotCurrentYear: 'Learners can only be placed in a class of an open academic year.',
  boardingInvalid: 'Choose day or boarding.',
  admissionNumberInvalid: 'Admission numbers are 1 to 40 letters, digits, spaces and / - _ . characters.',
  admissionNumberTaken: (n: string) => `Admission number ${n} is already used by another learner in this school.`,
  textTooLong: (max: number) => `At most ${max} characters.`,
  invalidDate: 'Enter a date as YYYY-MM-DD.',
  admittedOnFuture: 'The admission date cannot be in the future.',
  guardianRequired: 'Add at least one parent or guardian.',
  guardianNameRequired: 'Enter the guardian’s name.',
  guardianRelationshipRequired: 'Choose how the guardian is related to the learner.',
  invalidPhone: 'Please enter a valid Kenyan phone number',
  invalidEmail: 'Enter a valid e-mail address.',
  accountNeedsEmail: 'An e-mail address is needed to create a parent account.',
  accountEmailTaken: 'That e-mail address already belongs to a staff account. Use another address for the parent account.',
  duplicateGuardianPhone: 'The same phone number is entered for two guardians.',
  tooManyGuardians: 'A learner can have at most 4 guardians here.',
  overCapacity: (className: string, count: number, capacity: number) =>
    `${className} already has ${count} of ${capacity} learners. Admit anyway to go over capacity.`,
  notFound: 'Learner not found.',
  guardianNotFound: 'Guardian not found.',
  lastGuardian: 'A learner must keep at least one guardian.',
  notActive: 'Only active learners can be edited here. Readmit the learner first.',
  nothingToChange: 'Nothing to change.',
  // Relationships offered by the form (stored lower-case).
  relationships: { mother: 'Mother', father: 'Father', guardian: 'Guardian', grandparent: 'Grandparent', sibling: 'Sibling', relative: 'Relative', sponsor: 'Sponsor', other: 'Other' },
  genders: { female: 'Female', male: 'Male' },
  boardingOptions: { day: 'Day', boarding: 'Boarding' },
  statuses: { active: 'Active', transferred: 'Transferred', exited: 'Exited', graduated: 'Graduated' },
  // Success notices.
  admitted: (name: string, admissionNumber: string) => `${name} admitted as ${admissionNumber}.`,
  updated: 'Learner details saved.',
  guardianLinked: (name: string) => `${name} is already known to the school and was linked, not duplicated.`,
  parentAccountCreated: (email: string) => `A parent account was created and a link to set a password was e-mailed to ${email}.`,
} as const;
