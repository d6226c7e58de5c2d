/**
 * User-facing strings of learner movements (issue 10 §2 Promotion, Transfers, Exit): API errors and
 * notices, and the promotion, transfers and exits screens. Part of `messages` (shared/messages.ts) as
 * `messages.movements`.
 */
export const movementsMessages = {
  // ---- Shared validation -------------------------------------------------------------------------
  invalidDate: 'Enter a date as YYYY-MM-DD.',
  dateInFuture: 'The date cannot be in the future.',
  reasonRequired: 'Enter a reason.',
  textTooLong: (max: number) => `At most ${max} characters.`,
  learnerRequired: 'Choose a learner.',
  classRequired: 'Choose a class.',
  learnerNotFound: 'Learner not found.',
  learnerNotActive: (name: string, status: string) => `${name} is not an active learner (status: ${status}).`,
  beforeAdmission: (admittedOn: string) => `The date cannot be before the learner was admitted (${admittedOn}).`,

  // ---- Promotion (API) ---------------------------------------------------------------------------
  yearRequired: 'Choose the academic year to promote from.',
  unknownYear: 'That academic year does not exist in this school.',
  targetRequired: 'Choose the academic year to promote into, or name a new one.',
  targetBoth: 'Choose an existing year or name a new one, not both.',
  targetSameYear: 'The target year must be a different year.',
  targetBeforeSource: (to: string, from: string) => `${to} does not come after ${from}. Promote into a later year.`,
  targetClosed: (name: string) => `${name} is closed. Reopen it or choose another year.`,
  yearNameInvalid: 'Name the new year with 1 to 20 letters, digits, spaces or / -.',
  unknownStream: 'That stream is not a stream of the year being promoted.',
  unknownLevel: 'That level does not exist in this school.',
  streamNameRequired: 'Enter the stream name.',
  duplicateMapping: 'This stream is mapped twice.',
  onlyFinalGraduates: (level: string) => `Only the final level graduates. Map ${level} to a stream of the next level.`,
  notInPromotion: (year: string) => `That learner is not an active learner of a ${year} stream.`,
  duplicateException: 'This learner is listed twice.',
  cannotSkip: (level: string) => `Learners of ${level} cannot skip: there is no level two above it.`,
  nothingToPromote: (year: string) => `There are no active learners in the streams of ${year} to promote.`,
  alreadyPromoted: (from: string, to: string) => `Learners of ${from} have already been promoted into ${to}. Undo that promotion first to run it again.`,
  promotionConflict: 'Another promotion of these years was saved at the same moment. Refresh the page and check the promotions list.',
  promotionNotFound: 'Promotion not found.',
  alreadyUndone: 'This promotion has already been undone.',
  undoNewerBatch: 'A newer promotion was applied after this one. Undo that one first.',
  undoTransfers: (n: number, year: string) =>
    `${n} learner${n === 1 ? '' : 's'} of this promotion ${n === 1 ? 'has' : 'have'} been transferred or exited since. ${year} already has data, so the promotion can no longer be undone.`,
  undoChanges: (n: number, year: string) =>
    `${n} learner${n === 1 ? '' : 's'} of this promotion ${n === 1 ? 'has' : 'have'} changed class or status in ${year} since. ${year} already has data, so the promotion can no longer be undone.`,
  overCapacity: (name: string, total: number, capacity: number) => `${name} would have ${total} learners for a capacity of ${capacity}.`,
  alreadyPlaced: (year: string) => `Already has a class in ${year}; left out of this promotion.`,
  completedJuniorSchool: (level: string) => `Completed junior school (${level}).`,
  completedAsAlumni: (level: string) => `Completed ${level}; left as alumni.`,
  promoted: (n: number, from: string, to: string) => `${n} learner${n === 1 ? '' : 's'} moved from ${from} to ${to}.`,
  undone: (from: string, to: string) => `The promotion from ${from} to ${to} was undone. Learners are back in their ${from} streams.`,

  // ---- Transfers (API) ---------------------------------------------------------------------------
  destinationRequired: 'Choose the destination school or type its name.',
  destinationNotFound: 'That school is not on EduFam (or is not active). Type its name instead.',
  destinationOwnSchool: 'A learner cannot be transferred to their own school.',
  previousSchoolRequired: 'Enter the previous school.',
  feesNotTracked: 'Fees are not tracked in EduFam yet: check the learner’s fee balance with the bursar before they leave.',
  feesOwed: (amount: string) => `This learner owes KES ${amount} in fees.`,
  feesClear: 'No fees are owed.',
  transferLeavingReason: (school: string, reason: string) => `Transferred to ${school}: ${reason}`,
  transferredOut: (name: string, school: string) => `${name} was transferred out to ${school}.`,
  requestFiled: (school: string) => `A transfer request was sent to ${school}. Their principal will receive the learner’s details when they accept.`,
  transferredIn: (name: string, admissionNumber: string) => `${name} was admitted by transfer as ${admissionNumber}.`,
  requestNotFound: 'Transfer request not found.',
  requestDecided: (status: string) => `This transfer request has already been ${status}.`,
  declineNoteRequired: 'Say why the request is declined.',
  requestAccepted: (name: string, admissionNumber: string) => `${name} joined the school as ${admissionNumber}. Add their guardians on the learner’s record.`,
  requestDeclined: 'The transfer request was declined.',

  // ---- Exits (API) -------------------------------------------------------------------------------
  exitTypeRequired: 'Choose how the learner leaves.',
  exitNotFound: 'Exit record not found.',
  exited: (name: string) => `${name} has left the school. The record stays readable in the register.`,
  alreadyReadmitted: 'This learner has already been readmitted.',
  cannotReadmitDeath: 'A learner recorded as deceased cannot be readmitted.',
  notExitedNow: (name: string) => `${name} is not currently out of school through this exit.`,
  readmittedBeforeExit: (exitDate: string) => `The readmission date cannot be before the exit (${exitDate}).`,
  readmitted: (name: string, className: string) => `${name} was readmitted into ${className}.`,

  // ---- Labels shared by the screens --------------------------------------------------------------
  exitTypes: { withdrawal: 'Withdrawal', completion: 'Completion', expulsion: 'Expulsion', death: 'Death', other: 'Other' },
  exitTypeHints: {
    withdrawal: 'The family withdraws the learner.',
    completion: 'The learner completed school here (status becomes Graduated).',
    expulsion: 'The school expels the learner.',
    death: 'The learner passed away.',
    other: 'Any other reason; describe it below.',
  },
  directions: { in: 'In', out: 'Out' },
  requestStatuses: { pending: 'Pending', accepted: 'Accepted', declined: 'Declined', cancelled: 'Cancelled' },
  outcomes: { promoted: 'Promoted', repeated: 'Repeats', skipped: 'Skips a level', graduated: 'Graduates' },
  batchStatuses: { applied: 'Applied', undone: 'Undone' },
  yearStatuses: { open: 'Open', closed: 'Closed' },
} as const;
