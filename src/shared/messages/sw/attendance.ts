import { wingi } from '../../i18n/plural-sw.js';

/**
 * Kiswahili of ../attendance.ts: API errors and texts of registers, school days, alerts and staff
 * attendance. `localized` in ../attendance.ts checks the table against the English one.
 */
export const attendanceMessages = {
  // School days.
  futureDate: 'Mahudhurio hayawezi kuandikwa kwa tarehe ijayo.',
  weekend: (day: string) => `${day} ni mwisho wa wiki, si siku ya shule.`,
  outsideTerm: (day: string) => `${day} iko nje ya mihula ya shule, si siku ya shule.`,
  halfTerm: (day: string, term: string) => `${day} iko katika likizo fupi ya katikati ya ${term}, si siku ya shule.`,
  schoolHoliday: (day: string, name: string) => `${day} ni sikukuu ya shule (${name}), si siku ya shule.`,
  publicHoliday: (day: string, name: string) => `${day} ni sikukuu ya kitaifa (${name}), si siku ya shule.`,
  // Registers.
  dateInvalid: 'Andika tarehe halisi kwa mpangilio dd/mm/yyyy.',
  streamRequired: 'Chagua mkondo.',
  streamNotFound: 'Mkondo haukupatikana',
  studentNotFound: 'Mwanafunzi hakupatikana',
  sessionInvalid: 'Chagua kipindi cha rejista: siku nzima, asubuhi au mchana (au kipindi cha somo rejista za kila kipindi zikiwa zimewashwa).',
  sessionNotUsed: (sessions: string) => `Shule hii huchukua rejista za ${sessions}; chagua mojawapo.`,
  perLessonOff: 'Rejista za kila kipindi hazijawashwa kwa shule hii.',
  subjectRequired: 'Chagua eneo la kujifunzia la kipindi.',
  subjectNotInStream: 'Eneo hili la kujifunzia halifundishwi katika mkondo huu.',
  statusInvalid: 'Hali lazima iwe yupo, hayupo, amechelewa au ana ruhusa.',
  entriesRequired: 'Weka alama kwa angalau mwanafunzi mmoja.',
  entriesUnique: 'Kila mwanafunzi anaweza kuonekana mara moja tu kwenye rejista.',
  notInStream: (name: string) => `${name} hayumo katika mkondo huu.`,
  notInStreamUnknown: 'Mwanafunzi mmoja kwenye rejista hayumo katika mkondo huu.',
  notOnRoll: (name: string) => `${name} hakuwa kwenye orodha ya mkondo huu siku hiyo.`,
  arrivalInvalid: 'Andika saa ya kufika kwa mpangilio HH:MM.',
  reasonRequiredExcused: 'Toa sababu ya kutokuwepo kwa ruhusa.',
  noteTooLong: 'Maelezo yasizidi herufi 300.',
  notYourStream: 'Unaweza kuandika rejista za mikondo yako mwenyewe tu.',
  notYourLesson: 'Unaweza kuandika rejista za vipindi unavyofundisha tu.',
  editReasonRequired: 'Toa sababu ya kubadilisha rejista ya siku iliyopita.',
  locked: (days: number) =>
    `Rejista hii imefungwa: rejista zinaweza kubadilishwa ndani ya ${wingi(days, 'siku', 'siku')} tu. Muulize mwalimu mkuu.`,
  // Alerts.
  alertTitle: (name: string, day = 'leo') => `${name} ameandikwa kuwa hayupo ${day}`,
  alertOn: (label: string) => `mnamo ${label}`,
  alertMessage: (name: string, stream: string, day: string, school: string) =>
    `${name} (${stream}) ameandikwa kuwa hayupo mnamo ${day}. Ikiwa hili si la kutarajiwa, tafadhali wasiliana na ${school}.`,
  alertSms: (name: string, stream: string, day: string, school: string) =>
    `${school}: ${name} (${stream}) ameandikwa kuwa hayupo mnamo ${day}. Tafadhali wasiliana na shule ikiwa hili si la kutarajiwa.`,
  // Settings and calendar.
  settingsInvalid: 'Kagua mipangilio ya mahudhurio.',
  lockDaysInvalid: 'Funga baada ya idadi kamili ya siku kuanzia 1 hadi 365, au acha wazi ili isifungwe kamwe.',
  thresholdInvalid: 'Kiwango cha utoro sugu lazima kiwe namba kamili kuanzia 1 hadi 100 (asilimia).',
  timeInvalid: 'Andika saa kwa mpangilio HH:MM.',
  eventNameRequired: 'Ipe siku jina, mfano "Siku ya michezo" au "Idd-ul-Fitr (iliyotangazwa kwenye gazeti rasmi)".',
  eventDatesInvalid: 'Siku ya mwisho lazima iwe sawa na siku ya kwanza au baada yake.',
  eventNotFound: 'Siku ya kalenda haikupatikana',
  rangeTooLong: 'Chagua kipindi kisichozidi siku 400.',
  // Staff attendance.
  staffNotFound: 'Mfanyakazi hakupatikana',
  staffStatusInvalid: 'Hali lazima iwe yupo, hayupo, yuko likizoni au yuko kazini rasmi nje.',
  checkOutBeforeIn: 'Saa ya kuondoka lazima iwe baada ya saa ya kuingia.',
  checkInRequired: 'Andika saa ya kuingia kwa mfanyakazi aliyepo.',
  alreadyCheckedIn: 'Tayari umeandikisha kuingia leo.',
  notCheckedIn: 'Andikisha kuingia kwanza.',
  alreadyCheckedOut: 'Tayari umeandikisha kuondoka leo.',
  monthInvalid: 'Chagua mwezi kwa mpangilio YYYY-MM.',
  staffDateNotSchoolDay: 'Mahudhurio ya wafanyakazi huandikwa siku za shule tu.',
};
