import { wingi, wingiNeno } from '../../i18n/plural-sw.js';

/**
 * Kiswahili of ../timetable-engine.ts: every sentence the timetable engine produces (precheck issues,
 * reasons a lesson could not be placed, the checker's violations). Counts are written without
 * grouping, as in the English table.
 */
const idadi = (n: number, one: string, many: string) => wingi(n, one, many, false);
const vipindi = (n: number) => idadi(n, 'kipindi', 'vipindi');
const nafasi = (n: number) => idadi(n, 'nafasi', 'nafasi');
const siku = (n: number) => idadi(n, 'siku', 'siku');
const mapengo = (n: number) => idadi(n, 'pengo', 'mapengo');
const zinazowezekana = (n: number) => `${nafasi(n)} ${wingiNeno(n, 'inayowezekana', 'zinazowezekana')}`;

export const timetableEngineMessages = {
  // precheck (before the search)
  teacherOverloaded: (teacher: string, asked: number, available: number) =>
    `${teacher}: anahitajika kufundisha ${vipindi(asked)}, lakini ana ${nafasi(available)} tu katika siku zake.`,
  groupOverloaded: (group: string, asked: number, available: number) =>
    `${group}: inahitaji ${vipindi(asked)}, lakini wiki ina ${nafasi(available)} tu.`,
  roomOverloaded: (rooms: string, asked: number, available: number) =>
    `${rooms}: vyumba hivi vinahitajika kwa ${vipindi(asked)}, lakini kuna ${nafasi(available)} tu.`,
  teacherNoPeriods: (teacher: string) => `${teacher} ana vipindi vya kufundisha lakini hana nafasi yoyote iliyo wazi.`,
  groupNoPeriods: (group: string) => `${group} ina vipindi lakini haina nafasi yoyote iliyo wazi.`,
  durationTooLong: (lesson: string, duration: number, periods: number) =>
    `${lesson} hudumu ${vipindi(duration)}, lakini siku ina ${vipindi(periods)} tu.`,
  emptyDomain: (lesson: string) =>
    `${lesson}: hakuna wakati wowote wa kuanza unaowezekana: nyakati zinazopendelewa, upatikanaji wa walimu na wanafunzi, na urefu wa siku haviachi nafasi yoyote.`,
  lockedClash: (first: string, second: string, resource: string) =>
    `Vipindi viwili vimefungwa kwenye nafasi moja: ${first} na ${second} vyote vinahitaji ${resource}.`,
  lockedOutOfGrid: (lesson: string) => `${lesson}: kipindi kimefungwa nje ya wiki ya shule.`,
  lockedNotAllowed: (lesson: string) =>
    `${lesson}: kipindi kimefungwa kwenye nafasi ambayo mwalimu, wanafunzi au chumba chake hawawezi kuitumia.`,
  noRoomBigEnough: (lesson: string, students: number) =>
    `${lesson}: hakuna chumba chake kinachotosha ${idadi(students, 'mwanafunzi', 'wanafunzi')}.`,
  noRoomAvailable: (lesson: string) => `${lesson}: hakuna chumba chake kilicho wazi.`,
  tooManyPeriods: (periods: number) => `Siku ina vipindi ${periods}; mfumo wa kutengeneza ratiba hushughulikia vipindi visivyozidi 30.`,
  unknownReference: (lesson: string, what: string) => `${lesson}: kumbukumbu ya ${what} isiyojulikana.`,
  tooManyPerDay: (lesson: string, needed: number, days: number) =>
    `${lesson}: vipindi vyake lazima viwe katika siku ${needed} tofauti, lakini wiki ina ${siku(days)} tu.`,

  // unplaced lessons (after the search)
  lessonLabel: (subject: string, classes: string, teachers: string) =>
    `${subject} kwa ${classes}${teachers ? ` (${teachers})` : ''}`,
  unplacedTeacherBusy: (teacher: string, blocked: number, possible: number) =>
    `${teacher} anafundisha kipindi kingine katika ${blocked} kati ya ${zinazowezekana(possible)}.`,
  unplacedGroupBusy: (group: string, blocked: number, possible: number) =>
    `${group} ina kipindi kingine katika ${blocked} kati ya ${zinazowezekana(possible)}.`,
  unplacedRoomBusy: (blocked: number, possible: number) =>
    `Hakuna chumba kinachofaa kilicho wazi katika ${blocked} kati ya ${zinazowezekana(possible)}.`,
  unplacedRule: (rule: string, blocked: number, possible: number) =>
    `Kanuni "${rule}" inazuia ${blocked} kati ya ${zinazowezekana(possible)}.`,
  blockerAt: (lesson: string, day: string, period: string) => `${lesson}, ${day} ${period}`,
  unplacedBlockedBy: (lessons: string) => `Vipindi vinavyozuia: ${lessons}.`,
  unplacedTimeLimit: 'Muda uliowekwa uliisha kabla kipindi hiki hakijapata nafasi; jaribu muda mrefu zaidi au legeza kanuni fulani.',
  unplacedHardRule: 'Kuweka kipindi hiki kulivunja kanuni yenye uzito wa 100 (mapengo au vipindi mfululizo); jaribu muda mrefu zaidi au punguza uzito.',
  ruleTeacherMaxDaily: (teacher: string, max: number) => `${teacher} hufundisha vipindi visivyozidi ${max} kwa siku`,
  ruleMinDays: 'vipindi vya somo moja katika siku tofauti',
  ruleMaxPerDay: (max: number) => `vipindi hivi visizidi ${max} kwa siku`,

  // checker violations
  vLessonMissing: (lesson: string) => `${lesson}: kipindi hakijawekwa kwenye ratiba.`,
  vLessonTwice: (lesson: string, times: number) => `${lesson}: kipindi kimewekwa mara ${times}.`,
  vUnknownActivity: (id: string) => `Nafasi moja kwenye ratiba inarejelea kipindi kisichojulikana (${id}).`,
  vOutOfGrid: (lesson: string) => `${lesson}: kipindi hakitoshei katika siku ya shule.`,
  vTeacherClash: (teacher: string, day: string, period: string) => `${teacher} ana vipindi viwili ${day}, ${period}.`,
  vStudentsClash: (group: string, day: string, period: string) => `${group} ina vipindi viwili ${day}, ${period}.`,
  vRoomClash: (room: string, day: string, period: string) => `${room}: vipindi viwili kwa wakati mmoja ${day}, ${period}.`,
  vUnknownRoom: (lesson: string) => `${lesson}: kipindi kiko katika chumba kisichojulikana.`,
  vRoomCapacity: (lesson: string, room: string, students: number, capacity: number) =>
    `${lesson}: ${room} kinatosha wanafunzi ${capacity}, lakini kipindi kina wanafunzi ${students}.`,
  vFixed: (lesson: string) => `${lesson}: kipindi kilikuwa kimefungwa lakini kimehamishwa.`,
  vTeacherNotAvailable: (teacher: string, lesson: string, periods: number) =>
    `${lesson}: ${teacher} hapatikani kwa ${vipindi(periods)}.`,
  vStudentsNotAvailable: (set: string, lesson: string, periods: number) =>
    `${lesson}: wanafunzi wa ${set} hawapatikani kwa ${vipindi(periods)}.`,
  vRoomNotAvailable: (room: string, lesson: string, periods: number) =>
    `${lesson}: ${room} hakipatikani kwa ${vipindi(periods)}.`,
  vMinDays: (first: string, second: string, minDays: number) =>
    `${first} na ${second} vinapaswa kutenganishwa kwa angalau ${siku(minDays)}.`,
  vMinDaysSame: (lesson: string, day: string, minDays: number) =>
    minDays <= 1
      ? `${lesson}: vipindi viwili ${day}; vinapaswa kuwa katika siku tofauti.`
      : `${lesson}: vipindi viwili vimetenganishwa kwa chini ya ${siku(minDays)} (kimoja ni ${day}).`,
  vMaxPerDay: (day: string, count: number, max: number) => `Vipindi ${count} vya aina hii ${day}; visizidi ${max} kwa siku.`,
  vPreferredStart: (lesson: string) => `${lesson}: kipindi kinaanza nje ya nyakati zake zinazopendelewa.`,
  vPreferredRoom: (lesson: string) => `${lesson}: kipindi hakimo katika mojawapo ya vyumba vyake vinavyopendelewa.`,
  vTeacherMaxDaily: (teacher: string, day: string, hours: number, max: number) =>
    `${teacher} anafundisha vipindi ${hours} ${day}; visizidi ${max}.`,
  vTeacherMaxContinuous: (teacher: string, day: string, hours: number, max: number) =>
    `${teacher} anafundisha vipindi ${hours} mfululizo ${day}; visizidi ${max}.`,
  vTeacherGapsDay: (teacher: string, day: string, gaps: number, max: number) =>
    `${teacher} ana ${mapengo(gaps)} ${day}; yasizidi ${max}.`,
  vTeacherGapsWeek: (teacher: string, gaps: number, max: number) => `${teacher} ana ${mapengo(gaps)} katika wiki; yasizidi ${max}.`,
  vStudentsGapsDay: (group: string, day: string, gaps: number, max: number) =>
    `${group} ina ${mapengo(gaps)} ${day}; yasizidi ${max}.`,
  vStudentsGapsWeek: (group: string, gaps: number, max: number) => `${group} ina ${mapengo(gaps)} katika wiki; yasizidi ${max}.`,
};
