import { attendanceMessages as a } from './attendance.js';
import { timeFieldMessages } from './dates.js';
import { localized } from '../i18n/localized.js';
import * as sw from './sw/attendance-register-screens.js';

/**
 * Labels and texts of the register screens (issue 13 §1): the teacher's "Class Attendance" page (stream,
 * school day and session pickers) and the register editor the principal's pages reuse (segmented
 * present / absent / late / excused marks, "Mark all present", counts, the past-date reason, locks) and
 * its offline outbox ("waiting to sync"). The server's wording (non-school days, a missing reason, locks)
 * lives in attendance.ts and is reused as is.
 */
export const attendanceRegisterScreens = localized('attendance-register-screens/attendanceRegisterScreens', {
  common: {
    tryAgain: 'Try again',
    loadFailed: 'Could not load the register',
    dash: '—',
  },
  page: {
    subtitle: 'Take the register of your streams, even with no connection',
    stream: 'Stream',
    streamPlaceholder: 'Choose a stream',
    classTeacher: 'Class teacher',
    marked: 'Marked',
    notMarked: 'Not marked',
    learners: (n: number) => `${n} learner${n === 1 ? '' : 's'}`,
    date: 'Date',
    previousDay: 'Previous school day',
    nextDay: 'Next school day',
    session: 'Session',
    noStreams: 'You have no streams to take a register for',
    noStreamsHint: 'Streams you lead or teach this year appear here once the principal assigns them.',
    loadFailed: 'Could not load your streams',
    // Today has no register.
    todayClosedTitle: 'No register today',
    todayClosed: (reason: string, shown: string) => `${reason} Showing the latest school day, ${shown}.`,
    todayClosedNoDay: (reason: string) => `${reason} There is no earlier school day to show.`,
    pickedClosedTitle: 'Not a school day',
  },
  sessions: {
    day: 'Day',
    morning: 'Morning',
    afternoon: 'Afternoon',
    period: (n: string) => `Lesson ${n}`,
    lessons: 'Lessons',
    subject: 'Learning area',
    subjectPlaceholder: 'Choose the learning area',
    chooseSubject: 'Choose the learning area of the lesson to open its register.',
  },
  status: {
    present: 'Present',
    absent: 'Absent',
    late: 'Late',
    excused: 'Excused',
    unmarked: 'Not marked',
  },
  /** One-key shortcuts inside a learner's marks (shown in the keyboard hint). */
  shortcuts: { p: 'present', a: 'absent', l: 'late', e: 'excused' } as const,
  editor: {
    caption: (stream: string, day: string) => `Register of ${stream}, ${day}`,
    title: (stream: string) => stream,
    learnersLine: (n: number) => `${n} learner${n === 1 ? '' : 's'}`,
    markedBy: (name: string, at: string) => `Marked by ${name} · ${at}`,
    markedAt: (at: string) => `Marked · ${at}`,
    notMarkedYet: 'Not marked yet',
    markAllPresent: 'Mark all present',
    markAllPresentHint: 'Then tap the exceptions.',
    keyboardHint: 'Keys: P present, A absent, L late, E excused; arrows move between choices, Tab to the next learner.',
    arrival: 'Arrived at',
    arrivalLabel: (name: string) => `Time ${name} arrived`,
    excusedReason: 'Reason',
    excusedReasonLabel: (name: string) => `Reason ${name} is excused`,
    excusedReasonPlaceholder: 'e.g. Hospital appointment',
    note: 'Note',
    noteLabel: (name: string) => `Note on ${name}`,
    notePlaceholder: 'Optional note',
    addNote: 'Add note',
    marksLabel: (name: string) => `Attendance of ${name}`,
    noLearners: 'No learners in this stream',
    noLearnersHint: 'Learners admitted to the stream appear here.',
    waiting: 'Waiting to sync',
    unsaved: 'Not saved',
    // Counts.
    counts: 'Counts',
    countsLabel: (present: number, absent: number, late: number, excused: number, unmarked: number) =>
      `${present} present, ${absent} absent, ${late} late, ${excused} excused, ${unmarked} not marked`,
    // Save bar.
    save: 'Save register',
    saving: 'Saving…',
    queue: 'Save offline',
    changes: (n: number) => `${n} change${n === 1 ? '' : 's'}`,
    noChanges: 'No changes',
    allSaved: 'All marks saved',
    reason: 'Reason for the change',
    reasonPlaceholder: 'e.g. Late arrivals recorded at the gate',
    reasonHint: 'This register is for a past day: the change is recorded in the audit trail with your reason.',
    savedAt: (time: string) => `Saved at ${time}`,
    alerted: (n: number) => `${n} parent${n === 1 ? '' : 's'} alerted`,
    savedToast: (stream: string, day: string) => `Register saved: ${stream}, ${day}`,
    queuedToast: 'Saved on this device — it will sync when you are back online',
    // Validation before queueing (the server's words where it has them).
    unmarkedLeft: (n: number) => `Mark every learner first: ${n} not marked.`,
    reasonRequired: a.editReasonRequired,
    excusedReasonRequired: a.reasonRequiredExcused,
    /** An arrival box holding text that is not a time: the time fields' own words (one message under the row). */
    arrivalInvalid: timeFieldMessages.invalid,
    fixErrors: 'Check the highlighted learners.',
    unmarkedRow: 'Choose present, absent, late or excused.',
    // Read only.
    readOnly: 'Read only',
    locked: (days: number | null) => (days === null ? 'This register is locked. Ask the principal.' : a.locked(days)),
    lockedPrincipal: 'This register is past the lock: as principal you can still change it, with a reason.',
    notYours: 'You can read this register; only the class teacher marks it.',
    cannotEdit: 'You can read this register but not change it.',
  },
  outbox: {
    offlineTitle: (n: number) => `Offline — ${n} register${n === 1 ? '' : 's'} waiting to sync`,
    onlineTitle: (n: number) => `${n} register${n === 1 ? '' : 's'} waiting to sync`,
    offlineOnly: 'Offline — marks are kept on this device and sent when you are back online.',
    syncing: 'Syncing…',
    hint: 'Keep this page open or come back to it online: waiting registers are sent automatically.',
    item: (stream: string, day: string, session: string | null) => (session ? `${stream} · ${day} · ${session}` : `${stream} · ${day}`),
    queuedAt: (time: string) => `saved here at ${time}`,
    attempts: (n: number) => `${n} attempt${n === 1 ? '' : 's'}`,
    retryNow: 'Sync now',
    synced: (stream: string, day: string) => `Synced: ${stream}, ${day}`,
    rejectedTitle: 'Not saved',
    rejected: (stream: string, day: string) => `The register of ${stream}, ${day} was not saved`,
    rejectedHint: 'Your marks are back in the register: fix them and save again.',
    dismiss: 'Dismiss',
  },
} as const, { sw: sw.attendanceRegisterScreens });
