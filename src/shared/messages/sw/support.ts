/**
 * Kiswahili of ../support.ts: support tickets (the school's "Usaidizi", the director's "Tiketi za
 * Usaidizi" and EduFam staff's "Kituo cha Usaidizi"), their errors, audit lines and e-mails.
 */

export const SUPPORT_CATEGORY_LABELS = {
  technical: 'Kiufundi',
  billing: 'Malipo ya huduma',
  data_correction: 'Kusahihisha data',
  feature_request: 'Ombi la kipengele kipya',
};

export const SUPPORT_PRIORITY_LABELS = {
  low: 'Chini',
  normal: 'Kawaida',
  high: 'Juu',
  urgent: 'Dharura',
};

export const SUPPORT_STATUS_LABELS = {
  open: 'Wazi',
  in_progress: 'Inashughulikiwa',
  waiting_for_school: 'Inasubiri shule',
  resolved: 'Imetatuliwa',
  closed: 'Imefungwa',
};

const statusLabel = (s: string) => (SUPPORT_STATUS_LABELS as Record<string, string>)[s] ?? s;
const priorityLabel = (p: string) => (SUPPORT_PRIORITY_LABELS as Record<string, string>)[p] ?? p;

export const supportMessages = {
  title: 'Usaidizi',
  directorTitle: 'Tiketi za Usaidizi',
  adminTitle: 'Kituo cha Usaidizi',
  supportName: 'Usaidizi wa EduFam',
  api: {
    ticketNotFound: 'Tiketi hiyo ya usaidizi haikupatikana.',
    cannedReplyNotFound: 'Jibu hilo lililoandaliwa halikupatikana.',
    staffNotFound: 'Chagua mfanyakazi wa usaidizi wa EduFam.',
    subjectRequired: 'Andika kichwa cha tiketi.',
    subjectTooLong: 'Kichwa kisizidi herufi 200.',
    descriptionRequired: 'Eleza tatizo.',
    descriptionTooLong: 'Maelezo yasizidi herufi 10,000.',
    bodyRequired: 'Andika jibu.',
    bodyTooLong: 'Jibu lisizidi herufi 10,000.',
    category: 'Chagua aina: kiufundi, malipo ya huduma, kusahihisha data au ombi la kipengele kipya.',
    priority: 'Chagua kipaumbele: chini, kawaida, juu au dharura.',
    status: 'Chagua hali: wazi, inashughulikiwa, inasubiri shule, imetatuliwa au imefungwa.',
    rating: 'Toa alama kuanzia 1 hadi 5.',
    commentTooLong: 'Maoni yasizidi herufi 2,000.',
    titleRequired: 'Andika kichwa.',
    titleTooLong: 'Kichwa kisizidi herufi 120.',
    internalNotAllowed: 'Ni wafanyakazi wa usaidizi wa EduFam pekee wanaoweza kuongeza maelezo ya ndani.',
    nothingToChange: 'Hakuna cha kubadilisha: weka hali, kipaumbele au anayeshughulikia.',
    ticketClosed: 'Tiketi hii imefungwa. Fungua tiketi mpya ikiwa bado unahitaji usaidizi.',
    schoolStatusNotAllowed: 'Unaweza kufunga tiketi iliyotatuliwa au kuifungua tena; wafanyakazi wa usaidizi ndio hubadilisha hali nyingine.',
    ratingNotYet: 'Utaweza kutathmini usaidizi tiketi ikishatatuliwa.',
    ratingTwice: 'Tayari umeitathmini tiketi hii.',
    ratingOpenerOnly: 'Ni aliyefungua tiketi pekee anayeweza kuitathmini.',
    noSupportAccess: 'Jukumu lako haliruhusiwi kutumia tiketi za usaidizi.',
  },
  audit: {
    status: (ref: string, from: string, to: string) => `Tiketi ${ref}: hali ${statusLabel(from)} → ${statusLabel(to)}`,
    assigned: (ref: string, name: string | null) => (name ? `Tiketi ${ref} imekabidhiwa kwa ${name}` : `Tiketi ${ref} haina anayeishughulikia`),
    priority: (ref: string, from: string, to: string) => `Tiketi ${ref}: kipaumbele ${priorityLabel(from)} → ${priorityLabel(to)}`,
  },
  email: {
    replySubject: (ref: string, subject: string) => `[${ref}] Usaidizi wa EduFam umejibu: ${subject}`,
    replyText: (name: string, ref: string, subject: string, body: string) =>
      `Habari ${name},\n\nUsaidizi wa EduFam umejibu tiketi yako ${ref} ("${subject}"):\n\n${body}\n\nIngia kwenye EduFam na ufungue Usaidizi ili usome mazungumzo yote na ujibu.\n\nUsaidizi wa EduFam`,
  },
};
