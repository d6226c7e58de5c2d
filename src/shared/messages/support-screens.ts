import { plural } from '../plural.js';
import { localized } from '../i18n/localized.js';
import * as sw from './sw/support-screens.js';
import { currentLocale } from '../i18n/locale.js';
import { wingi } from '../i18n/plural-sw.js';
/**
 * User-facing strings of the support screens (issue 17 §3): a school user's "Support" / the director's
 * "Support Tickets" page and EduFam staff's "Support Center". The API's own messages live with the module.
 */


/** What each category is for, shown under the choice in the New ticket form. */
export const SUPPORT_CATEGORY_HINTS: Record<string, string> = localized('support-screens/SUPPORT_CATEGORY_HINTS', {
  technical: 'Something does not work or shows an error.',
  billing: 'Your EduFam subscription, invoices or payments to EduFam.',
  data_correction: 'Records that are wrong and you cannot fix yourself.',
  feature_request: 'Something you would like EduFam to do.',
}, { sw: sw.SUPPORT_CATEGORY_HINTS });

/** "2 h 15 min", "3 days" from minutes. */
export function formatDuration(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  if (currentLocale() === 'sw') {
    // "saa 2 dakika 15", "siku 3 saa 4": Kiswahili puts the unit before the number.
    if (m < 60) return `dakika ${m}`;
    if (m < 24 * 60) return m % 60 ? `saa ${Math.floor(m / 60)} dakika ${m % 60}` : `saa ${m / 60}`;
    const days = Math.floor(m / (24 * 60));
    const hours = Math.floor((m % (24 * 60)) / 60);
    return hours ? `siku ${days} saa ${hours}` : wingi(days, 'siku', 'siku');
  }
  if (m < 60) return `${m} min`;
  if (m < 24 * 60) {
    const h = Math.floor(m / 60);
    const rest = m % 60;
    return rest ? `${h} h ${rest} min` : `${h} h`;
  }
  const d = Math.floor(m / (24 * 60));
  const h = Math.floor((m % (24 * 60)) / 60);
  return h ? `${d} d ${h} h` : plural(d, 'day', 'days');
}

export const supportScreens = localized('support-screens/supportScreens', {
  tryAgain: 'Try again',
  refresh: 'Refresh',
  cancel: 'Cancel',
  loadFailed: 'Could not load support tickets',
  ticketLoadFailed: 'Could not load this ticket',
  school: {
    subtitle: 'Ask EduFam for help and follow your tickets.',
    directorSubtitle: "Your school's requests to EduFam support and their progress.",
    newTicket: 'New ticket',
    emptyTitle: 'No support tickets yet',
    emptyHint: 'Open a ticket when something does not work or you need help from EduFam.',
    emptyFilteredTitle: 'No tickets match',
    emptyFilteredHint: 'Try another status or search.',
    searchPlaceholder: 'Search by subject or number',
    allStatuses: 'All statuses',
    filterStatus: 'Status',
    openedBy: (name: string) => `Opened by ${name}`,
    lastUpdate: (when: string) => `Updated ${when}`,
  },
  center: {
    subtitle: 'Tickets from every school, their response targets and replies.',
    tabs: { queue: 'Queue', canned: 'Canned replies' },
    statOpen: 'Open',
    statInProgress: 'In progress',
    statWaiting: 'Waiting for school',
    statBreached: 'Breached SLA',
    statFirstResponse: 'First response',
    statSatisfaction: 'Satisfaction',
    statSatisfactionHint: (n: number) => (n ? `from ${plural(n, 'rating', 'ratings')}` : 'no ratings yet'),
    statFirstResponseHint: 'median, last 30 days',
    statUnassignedHint: (n: number) => `${n.toLocaleString('en-KE')} active unassigned`,
    statBreachedHint: 'response or resolution overdue',
    noValue: '—',
    searchPlaceholder: 'Search tickets',
    allStatuses: 'All statuses',
    activeStatuses: 'Active (open, in progress, waiting)',
    overdueOnly: 'Past target only',
    clearFilters: 'Clear filters',
    allPriorities: 'All priorities',
    allCategories: 'All categories',
    allSchools: 'All schools',
    anyAssignee: 'Anyone',
    unassigned: 'Unassigned',
    mine: 'Mine',
    filterStatus: 'Status',
    filterPriority: 'Priority',
    filterCategory: 'Category',
    filterSchool: 'School',
    filterAssignee: 'Assigned to',
    emptyTitle: 'The queue is empty',
    emptyHint: 'New tickets from schools appear here.',
    emptyFilteredTitle: 'No tickets match these filters',
    columns: {
      ticket: 'Ticket',
      school: 'School',
      category: 'Category',
      priority: 'Priority',
      status: 'Status',
      assignee: 'Assigned to',
      sla: 'SLA',
      updated: 'Updated',
    },
  },
  sla: {
    firstResponseDue: (inText: string) => `Reply due in ${inText}`,
    firstResponseOverdue: (byText: string) => `Reply overdue by ${byText}`,
    resolutionDue: (inText: string) => `Resolve in ${inText}`,
    resolutionOverdue: (byText: string) => `Resolution overdue by ${byText}`,
    met: 'Within target',
    breached: 'Target missed',
    done: 'Done',
  },
  form: {
    title: 'New support ticket',
    description: 'EduFam support replies here and by notification. Please describe one problem per ticket.',
    category: 'Category',
    priority: 'Priority',
    subject: 'Subject',
    subjectPlaceholder: 'e.g. Report cards show the wrong term',
    details: 'Description',
    detailsPlaceholder: 'What happened, where, and what you expected. Steps to repeat it help us most.',
    attachments: 'Screenshots and files',
    attachHint: 'PDF or images, up to 10 MB each, at most 5.',
    submit: 'Open ticket',
    submitting: 'Opening…',
    created: (ref: string) => `Ticket ${ref} opened`,
    createdHint: 'EduFam support will reply here.',
    failed: 'Could not open the ticket',
    subjectRequired: 'Enter a subject.',
    detailsRequired: 'Describe the problem.',
    categoryRequired: 'Choose a category.',
  },
  attachments: {
    add: 'Attach files',
    uploading: (name: string) => `Uploading ${name}…`,
    remove: (name: string) => `Remove ${name}`,
    failed: (name: string) => `Could not upload ${name}`,
    tooMany: (max: number) => `At most ${max} files per message.`,
    open: (name: string) => `Open ${name}`,
  },
  thread: {
    opened: 'opened the ticket',
    support: 'EduFam Support',
    internalNote: 'Internal note',
    internalHint: 'Only EduFam staff see internal notes.',
    you: 'You',
    noReplies: 'No replies yet. EduFam support will answer here.',
    replyPlaceholder: 'Write a reply…',
    notePlaceholder: 'Write an internal note for EduFam staff…',
    reply: 'Reply',
    note: 'Internal note',
    send: 'Send reply',
    addNote: 'Add note',
    sending: 'Sending…',
    sent: 'Reply sent',
    noteAdded: 'Internal note added',
    sendFailed: 'Could not send',
    empty: 'Write something first.',
    closedHint: 'This ticket is closed. Open a new ticket if you need more help.',
    cannedReplies: 'Canned reply',
    noCanned: 'No canned replies yet',
    ticketDetails: 'Details',
    openedOn: (when: string) => `Opened ${when}`,
    category: 'Category',
    priority: 'Priority',
    status: 'Status',
    assignee: 'Assigned to',
    school: 'School',
    openedByLabel: 'Opened by',
    firstResponse: 'First response',
    resolution: 'Resolution',
    notYet: 'Not yet',
    assignToMe: 'Assign to me',
    nobody: 'Nobody',
    updated: 'Ticket updated',
    updateFailed: 'Could not update the ticket',
  },
  actions: {
    markResolved: 'Mark resolved',
    reopen: 'Reopen',
    close: 'Close ticket',
    resolved: 'Ticket marked resolved',
    reopened: 'Ticket reopened',
    closed: 'Ticket closed',
  },
  rating: {
    title: 'How did we do?',
    hint: 'Rate the help you got with this ticket.',
    star: (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`,
    comment: 'Comment (optional)',
    commentPlaceholder: 'What went well, what could be better?',
    submit: 'Send rating',
    thanks: 'Thank you for your feedback',
    failed: 'Could not save your rating',
    yours: 'Your rating',
    given: 'Satisfaction',
    choose: 'Choose 1 to 5 stars.',
  },
  canned: {
    title: 'Canned replies',
    hint: 'Ready-made answers support staff insert into a reply and adjust.',
    add: 'New canned reply',
    edit: 'Edit',
    delete: 'Delete',
    name: 'Title',
    body: 'Text',
    save: 'Save',
    saving: 'Saving…',
    saved: 'Canned reply saved',
    deleted: 'Canned reply deleted',
    failed: 'Could not save the canned reply',
    deleteFailed: 'Could not delete the canned reply',
    confirmDeleteTitle: 'Delete this canned reply?',
    confirmDeleteText: (title: string) => `"${title}" will no longer be offered in replies.`,
    emptyTitle: 'No canned replies yet',
    emptyHint: 'Save answers you give often, such as how to reset a password.',
    nameRequired: 'Enter a title.',
    bodyRequired: 'Enter the text.',
    newTitle: 'New canned reply',
    editTitle: 'Edit canned reply',
  },
}, { sw: sw.supportScreens });
