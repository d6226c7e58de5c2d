/**
 * Kiswahili of ../conversations.ts: conversations between parents and staff and among staff.
 * `localized` in ../conversations.ts checks each table against the English one.
 */

export const CONVERSATION_ROLE_LABELS = {
  principal: 'Mwalimu mkuu',
  school_director: 'Mkurugenzi wa shule',
  teacher: 'Mwalimu',
  finance_officer: 'Ofisi ya fedha',
  hr: 'Rasilimali watu',
  parent: 'Mzazi',
  edufam_admin: 'Huduma kwa wateja ya EduFam',
};

export const OFFICE_HOURS_DAY_LABELS = ['Jtatu', 'Jnne', 'Jtano', 'Alh', 'Ijm', 'Jmosi', 'Jpili'];

export const REPORT_STATUS_LABELS = { open: 'Wazi', reviewed: 'Imekaguliwa', dismissed: 'Imetupiliwa mbali' };

export const conversationMessages = {
  defaultAutoReply: 'Asante kwa ujumbe wako. Mimi hujibu kati ya saa 2 asubuhi na saa 11 jioni siku za shule.',
  relation: {
    classTeacher: (stream: string) => `Mwalimu wa darasa, ${stream}`,
    subjectTeacher: (subject: string, stream: string) => `Mwalimu wa ${subject}, ${stream}`,
    parentOf: (names: string) => `Mzazi wa ${names}`,
    principal: 'Mwalimu mkuu',
    director: 'Mkurugenzi wa shule',
    financeOffice: 'Ofisi ya fedha',
    hr: 'Rasilimali watu',
    teacher: 'Mwalimu',
    staff: 'Mfanyakazi',
  },
  contactGroups: {
    teachers: 'Walimu wa watoto wako',
    office: 'Ofisi ya shule',
    staff: 'Wafanyakazi',
    parents: 'Wazazi',
  },
  api: {
    notFound: 'Mazungumzo hayo hayakupatikana.',
    messageNotFound: 'Ujumbe huo haukupatikana.',
    reportNotFound: 'Ripoti hiyo haikupatikana.',
    streamNotFound: 'Mkondo huo haukupatikana.',
    participantsRequired: 'Chagua angalau mtu mmoja wa kumtumia ujumbe.',
    selfOnly: 'Chagua mtu mwingine, si wewe mwenyewe.',
    tooManyParticipants: (max: number) => `Mazungumzo yanaweza kuwa na watu ${max} tu kwa juu kabisa.`,
    notAContact: 'Unaweza kuwatumia ujumbe wafanyakazi wanaowafundisha au kuwahudumia watoto wako tu.',
    notAContactStaff: 'Unaweza kuwatumia ujumbe wafanyakazi wa shule yako na wazazi wa wanafunzi unaowahudumia tu.',
    bodyRequired: 'Andika ujumbe.',
    bodyTooLong: (max: number) => `Ujumbe hauwezi kuzidi herufi ${max.toLocaleString('sw-KE')}.`,
    subjectTooLong: 'Kichwa cha ujumbe kisizidi herufi 200.',
    idempotencyKeyInvalid: 'Kichwa cha Idempotency-Key lazima kiwe na herufi 1 hadi 200.',
    broadcastNotYourStream: 'Unaweza kuwatumia ujumbe wazazi wa mikondo unayofundisha tu.',
    broadcastNoParents: 'Hakuna mzazi wa mkondo huu aliye na akaunti bado, kwa hivyo hakuna atakayepokea ujumbe huu.',
    officeHoursDays: 'Chagua angalau siku moja.',
    officeHoursTime: 'Andika saa kwa mpangilio HH:MM (mfumo wa saa 24), mfano 08:00.',
    officeHoursOrder: 'Mwisho wa saa za kazi lazima uwe baada ya mwanzo.',
    autoReplyRequired: 'Andika maandishi ya jibu la kiotomatiki.',
    reportReasonRequired: 'Eleza kwa nini unaripoti ujumbe huu.',
    reportExists: 'Tayari umeripoti ujumbe huu; mwalimu mkuu ataukagua.',
    reportOwnMessage: 'Huwezi kuripoti ujumbe wako mwenyewe.',
    reviewReasonRequired: 'Toa sababu ya kukagua mazungumzo haya (itarekodiwa).',
    reviewStatusInvalid: 'Chagua imekaguliwa au imetupiliwa mbali.',
    dateInvalid: 'Andika tarehe na saa sahihi.',
  },
};
