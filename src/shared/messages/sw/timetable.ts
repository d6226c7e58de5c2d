import { wingi } from '../../i18n/plural-sw.js';

/**
 * Kiswahili of ../timetable.ts: the timetable module's API (ratiba). `localized` in ../timetable.ts
 * checks the table against the English one.
 */
const WEEKDAYS = ['Jumatatu', 'Jumanne', 'Jumatano', 'Alhamisi', 'Ijumaa', 'Jumamosi'];
const dayList = (days: number[]) => days.map((d) => WEEKDAYS[d] ?? `siku ya ${d + 1}`).join(', ');
const periodList = (periods: number[]) => periods.map((p) => p + 1).join(', ');
const weightText = (w: number) => (w >= 100 ? 'kila mara' : `uzito ${w} %`);

export const timetableMessages = {
  title: 'Ratiba',

  lessonLabel: (n: number) => `Kipindi ${n}`,
  defaultLines: {
    shortBreak: 'Mapumziko mafupi',
    longBreak: 'Mapumziko marefu',
    lunch: 'Chakula cha mchana',
    games: 'Michezo',
  },
  levelNotFound: 'Kiwango hicho si mojawapo ya viwango vya shule yako.',
  roomNotFound: 'Chumba hakikupatikana.',
  roomNameTaken: (name: string) => `Tayari kuna chumba kinachoitwa "${name}".`,
  roomInUse: 'Chumba hiki kimewekwa kwenye baadhi ya vipindi; kimeondolewa kwenye vipindi hivyo.',
  fixedSlotNotFound: 'Nafasi maalum haikupatikana.',
  fixedSlotOutsideDay: (period: number, lessons: number) => `Kipindi ${period + 1} si kipindi cha somo katika ratiba hiyo ya kengele (ina vipindi ${lessons}).`,
  fixedSlotDayNotTaught: (day: string) => `${day} si siku ya shule katika ratiba hiyo ya kengele.`,
  fixedSlotTaken: 'Tayari kuna nafasi maalum wakati huo.',
  assignmentNotFound: 'Mgawo wa kufundisha haukupatikana (migawo ya mwaka huu pekee).',
  doublesTooMany: (doubles: number, lessons: number) =>
    `Vipindi viwili-viwili ${doubles} vinahitaji vipindi ${doubles * 2}, lakini mgawo huu una vipindi ${lessons} kwa wiki.`,
  roomOfOtherType: (room: string, type: string) => `${room} si chumba cha aina ya "${type}".`,
  teacherNotFound: 'Mwalimu hakupatikana katika shule yako.',
  ruleNotFound: 'Kanuni haikupatikana.',
  ruleNeedsMax: 'Weka kiwango cha juu cha kanuni hii.',
  ruleNeedsSubject: 'Chagua eneo la kujifunzia la kanuni hii.',
  ruleNeedsPeriods: 'Chagua angalau kipindi kimoja cha kanuni hii.',
  subjectNotFound: 'Eneo hilo la kujifunzia si mojawapo ya yale ya shule yako.',
  scheduleNoLessons: 'Ratiba ya kengele inahitaji angalau kipindi kimoja cha somo.',
  scheduleTimesOrder: (label: string) => `${label}: saa ya kumaliza lazima iwe baada ya saa ya kuanza.`,
  scheduleOverlap: (first: string, second: string) => `${first} na ${second} vinaingiliana; orodhesha mistari ya siku kwa mpangilio.`,
  noCurrentYear: 'Hakuna mwaka wa masomo wa sasa: uweke kwanza kabla ya kuandaa ratiba.',

  rule: {
    subjectMaxPerDay: (subject: string, max: number, weight: number) => `${subject}: si zaidi ya ${wingi(max, 'kipindi', 'vipindi')} kwa siku kwa kila mkondo (${weightText(weight)}).`,
    subjectDistinctDays: (subject: string, weight: number) => `${subject}: vipindi vya mkondo viwe katika siku tofauti (${weightText(weight)}).`,
    teacherMaxPerDay: (teacher: string, max: number, weight: number) => `${teacher}: si zaidi ya ${wingi(max, 'kipindi', 'vipindi')} kwa siku (${weightText(weight)}).`,
    teacherMaxInARow: (teacher: string, max: number, weight: number) => `${teacher}: si zaidi ya ${wingi(max, 'kipindi', 'vipindi')} mfululizo (${weightText(weight)}).`,
    teacherMaxGapsPerDay: (teacher: string, max: number, weight: number) => `${teacher}: si zaidi ya ${wingi(max, 'kipindi huru', 'vipindi huru')} kati ya masomo kwa siku (${weightText(weight)}).`,
    studentsMaxGapsPerDay: (level: string, max: number, weight: number) => `${level}: si zaidi ya ${wingi(max, 'kipindi huru', 'vipindi huru')} kati ya masomo kwa siku (${weightText(weight)}).`,
    preferredTimes: (subject: string, periods: number[], days: number[] | undefined, weight: number) =>
      `${subject}: katika ${periods.length === 1 ? 'kipindi' : 'vipindi'} ${periodList(periods)}${days && days.length ? ` siku za ${dayList(days)}` : ''} (${weightText(weight)}).`,
    everySubject: 'Kila eneo la kujifunzia',
    everyTeacher: 'Kila mwalimu',
    everyStream: 'Kila mkondo',
    unknown: '(imeondolewa)',
  },

  problemNotFound: 'Tatizo la ratiba halikupatikana.',
  timetableNotFound: 'Ratiba haikupatikana.',
  jobNotFound: 'Kazi haikupatikana.',
  jobFinished: 'Kazi hii tayari imekamilika.',
  impossible: (count: number, first: string) => (count === 1 ? first : `${first} (na ${wingi(count - 1, 'tatizo jingine', 'matatizo mengine')})`),
  nothingToPlace: 'Hakuna vipindi vya kupanga: ongeza kwanza migawo ya walimu yenye idadi ya vipindi kwa wiki.',
  levelNeedsBase: 'Ili kutengeneza kiwango kimoja, chagua toleo ambalo viwango vingine vyake vitabaki (au chapisha moja kwanza).',
  levelNotInProblem: 'Kutengeneza kiwango kimoja kunawezekana tu kwa ratiba zilizojengwa kutoka kwa data ya shule yako.',
  generatedName: (when: string) => `Imetengenezwa ${when}`,
  schoolProblemName: (when: string) => `Data ya shule ${when}`,
  hardViolationRemoved: (message: string) => `Imeondolewa na ukaguzi wa mwisho: ${message}`,
  cancelledBeforeStart: 'Imeghairiwa kabla ya kuanza.',

  fileTooLarge: (mb: number) => `Faili ni kubwa mno (kikomo ni MB ${mb}).`,
  noFile: 'Chagua faili la .fet la kupakia (sehemu "file").',
  emptyFile: 'Faili ni tupu.',
  timeInvalid: 'Andika saa kama 08:00',
};
