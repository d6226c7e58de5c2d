import { wingi } from '../../i18n/plural-sw.js';

/**
 * Kiswahili of ../announcements.ts: matangazo ya shule (makosa ya API na arifa zinazoambatana na
 * tangazo: kengele, SMS, barua pepe). `localized` in ../announcements.ts checks each table against the
 * English one.
 */

/** Priority labels (normal | high | urgent). */
export const ANNOUNCEMENT_PRIORITY_LABELS = { normal: 'Kawaida', high: 'Juu', urgent: 'Dharura' };
/** Status labels (scheduled | published | cancelled). */
export const ANNOUNCEMENT_STATUS_LABELS = { scheduled: 'Limepangwa', published: 'Limechapishwa', cancelled: 'Limeghairiwa' };
/** Channel labels (app | sms | email). */
export const ANNOUNCEMENT_CHANNEL_LABELS = { app: 'Ndani ya programu', sms: 'SMS', email: 'Barua pepe' };
/** Delivery status labels of one channel for one recipient. */
export const ANNOUNCEMENT_DELIVERY_LABELS = { queued: 'Kwenye foleni', sent: 'Umetumwa', delivered: 'Umefika', failed: 'Imeshindikana' };

export const announcementMessages = {
  api: {
    notFound: 'Tangazo hilo halikupatikana.',
    fileNotFound: 'Kiambatisho hicho hakikupatikana.',
    titleRequired: 'Andika kichwa.',
    titleTooLong: 'Kichwa kisizidi herufi 150.',
    bodyRequired: 'Andika tangazo.',
    bodyTooLong: 'Tangazo lisizidi herufi 10,000.',
    audienceRequired: 'Chagua tangazo ni la nani.',
    audienceEmpty: 'Hakuna mtu katika kundi hili. Chagua kundi lingine.',
    channelsRequired: 'Chagua angalau njia moja ya kulituma.',
    dateInvalid: 'Andika tarehe na saa sahihi.',
    expiresBeforePublish: 'Muda wa kuisha lazima uwe baada ya muda wa kuchapishwa.',
    expiresInPast: 'Muda wa kuisha lazima uwe wakati ujao.',
    classNotFound: 'Mkondo huo haukupatikana katika shule yako.',
    levelNotFound: 'Gredi hiyo haikupatikana katika shule yako.',
    roleInvalid: 'Chagua wadhifa wa shule (mwalimu mkuu, mkurugenzi, mwalimu, mzazi, afisa wa fedha au rasilimali watu).',
    teacherOwnStreamsOnly: 'Unaweza kutuma kwa wazazi na walimu wa mikondo unayofundisha au unayoisimamia kama mwalimu wa darasa pekee.',
    teacherAudienceOnly: 'Kama mwalimu unaweza kutuma kwa mikondo yako pekee (mkondo, au wazazi wake).',
    financeParentsOnly: 'Matangazo ya fedha hutumwa kwa wazazi pekee: chagua wazazi, au wazazi wa mikondo iliyochaguliwa.',
    owingOnlyFinance: 'Ni ofisi ya fedha pekee inayoweza kuwekea tangazo kikomo kwa wazazi wanaodaiwa ada.',
    hrStaffOnly: 'Matangazo ya rasilimali watu hutumwa kwa wafanyakazi pekee: chagua wafanyakazi wote au nyadhifa za wafanyakazi.',
    notAuthor: 'Ni mwandishi, mwalimu mkuu au mkurugenzi pekee anayeweza kufanya hivi.',
    cancelScheduledOnly: 'Ni tangazo lililopangwa pekee linaloweza kughairiwa; hili tayari limechapishwa au limeghairiwa.',
    noSchool: 'Chagua shule kwanza.',
    noPhone: 'Hakuna nambari ya simu',
    smsOptedOut: 'Amejiondoa kwenye SMS zisizo za lazima',
    noEmail: 'Hakuna anwani ya barua pepe',
    sendFailed: 'Kutuma kumeshindikana',
  },
  /** Short descriptions of an audience (the list's "To" column). */
  audience: {
    wholeSchool: 'Kila mtu shuleni',
    roles: (names: string[]) => names.join(', '),
    streams: (names: string[]) => `${names.join(', ')} (wazazi na walimu)`,
    parentsOf: (names: string[]) => `Wazazi wa ${names.join(', ')}`,
    levels: (names: string[]) => `Wazazi wa ${names.join(', ')}`,
    staff: 'Wafanyakazi wote',
    owingOnly: 'wale wenye salio la ada pekee',
    join: (parts: string[]) => parts.join('; '),
  },
  /** Bell notification title of an announcement. */
  bellTitle: (title: string) => `Tangazo: ${title}`,
  /** SMS text: title, body (trimmed) and the school's name. */
  smsText: (school: string, title: string, body: string) => {
    const text = `${school}: ${title}. ${body}`.replace(/\s+/g, ' ').trim();
    return text.length > 450 ? `${text.slice(0, 447)}...` : text;
  },
  /** E-mail footer. */
  emailFooter: (school: string) => `\n\n— ${school}, limetumwa kupitia EduFam. Ingia kwenye EduFam ili kuona viambatisho na matangazo ya awali.`,
  recipients: (n: number) => wingi(n, 'mpokeaji', 'wapokeaji'),
};
