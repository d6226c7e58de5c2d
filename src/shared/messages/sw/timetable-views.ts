/**
 * Kiswahili of ../timetable-views.ts: matoleo ya ratiba, mionekano, kihariri, uchapishaji, PDF, kalenda
 * (iCalendar) na msaada wa walimu wa kujaza nafasi. `localized` in ../timetable-views.ts checks the
 * table against the English one.
 */

export const timetableViewMessages = {
  notFound: 'Ratiba haikupatikana.',
  notPublishedYet: 'Hakuna ratiba iliyochapishwa bado.',
  notDraft: 'Toleo hili limechapishwa au limehifadhiwa kwenye kumbukumbu. Lihifadhi kama toleo jipya ili ulihariri.',
  deleteNotDraft: 'Ni rasimu pekee inayoweza kufutwa. Chapisha toleo jingine kwanza, au acha hili kama historia.',
  duplicateLesson: (lesson: string) => `${lesson} kinaonekana mara mbili katika mpangilio.`,
  unknownLesson: (id: string) => `Mpangilio unataja kipindi ambacho ratiba hii haina (${id}).`,
  missingLessons: (n: number, first: string) =>
    n === 1 ? `${first} hakipo katika mpangilio: kila kipindi kilichopangwa lazima kibaki kwenye jedwali.` : `Vipindi ${n} vilivyopangwa havipo katika mpangilio, mfano ${first}.`,
  unknownRoom: (lesson: string) => `${lesson} kimewekwa katika chumba ambacho ratiba hii haikijui.`,
  outOfGrid: (lesson: string) => `${lesson} hakitoshei katika wiki ya shule mahali hapo.`,

  // Clash sentences (the editor refuses a drop with one of these).
  clashTeacher: (teacher: string, other: string, day: string, period: string) => `${teacher} tayari anafundisha ${other} siku ya ${day}, ${period}.`,
  clashClass: (stream: string, subject: string, day: string, period: string) => `${stream} tayari lina ${subject} siku ya ${day}, ${period}.`,
  clashRoom: (room: string, other: string, day: string, period: string) => `${room} tayari kinatumiwa na ${other} siku ya ${day}, ${period}.`,
  clashRefused: (first: string, more: number) => (more > 0 ? `${first} (na ${more === 1 ? 'mgongano 1 mwingine' : `migongano ${more} mingine`})` : first),
  periodLabel: (n: number) => `kipindi ${n}`,
  publishClash: (first: string) => `Toleo hili haliwezi kuchapishwa: ${first}`,

  // Versions and publishing.
  versionName: (base: string) => `${base} (nakala)`,

  // Substitutions.
  notSchoolDay: (date: string, weekday: string) => `${weekday} ${date} si siku ya shule katika ratiba hii.`,
  outsideTerm: (date: string) => `${date} iko nje ya mihula ya shule (au katika likizo fupi ya katikati ya muhula).`,
  badDate: 'Tumia tarehe kama 2026-09-14.',
  teacherNotOnTimetable: 'Mwalimu huyu hana vipindi katika ratiba hii.',

  // PDFs.
  pdf: {
    classTitle: (name: string) => `Ratiba: ${name}`,
    teacherTitle: (name: string) => `Ratiba: ${name}`,
    roomTitle: (name: string) => `Ratiba ya chumba: ${name}`,
    schoolTitle: 'Ratiba ya shule',
    versionLine: (name: string, version: number, status: string) => `${name} · toleo ${version} · ${status}`,
    classTeacherLine: (name: string) => `Mwalimu wa darasa: ${name}`,
    periodColumn: 'Kipindi',
    noLessons: 'Hakuna vipindi katika ratiba hii.',
    unknownView: 'Chagua mkondo, mwalimu, chumba au shule nzima.',
  },

  // iCalendar.
  ical: {
    calName: (school: string) => `Ratiba ya ${school}`,
    description: (classes: string, room: string | null) => (room ? `${classes} · ${room}` : classes),
    tokenNotFound: 'Kiungo hiki cha kalenda si halali tena. Nakili kiungo kipya kutoka Ratiba Yangu.',
  },
  audit: {
    published: 'TIMETABLE_PUBLISHED',
    edited: 'TIMETABLE_EDITED',
    versionSaved: 'TIMETABLE_VERSION_SAVED',
    renamed: 'TIMETABLE_RENAMED',
    deleted: 'TIMETABLE_DELETED',
    feedTokenRotated: 'TIMETABLE_FEED_TOKEN_ROTATED',
  },
};
