import { wingi, wingiNeno } from '../../i18n/plural-sw.js';

/**
 * Kiswahili of ../assessment.ts: exams, marks, results, report cards and certificates. `localized` in
 * ../assessment.ts checks the table against the English one.
 */
const n = (v: number) => v.toLocaleString('sw-KE');

/** "orodha 1 ya alama" / "orodha 3 za alama" (a mark sheet), with agreement left to the caller. */
const orodha = (count: number) => wingiNeno(count, 'orodha 1 ya alama', `orodha ${n(count)} za alama`);

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const assessmentMessages = {
  // Scales.
  scaleNotFound: 'Kipimo cha madaraja hakikupatikana',
  scaleInvalid: 'Kipimo cha madaraja kina matatizo.',
  levelNotFound: 'Gredi haikupatikana',
  subjectNotFound: 'Somo halikupatikana',
  // Exam series.
  examNotFound: 'Mtihani haukupatikana',
  termRequired: 'Chagua muhula.',
  termNotFound: 'Muhula haukupatikana',
  nameRequired: 'Upe mtihani jina, mfano "Mtihani wa Mwisho wa Muhula 1 2026".',
  kindInvalid: 'Chagua aina ya mtihani: wa kufungua muhula, CAT, wa katikati ya muhula, wa mwisho wa muhula au wa majaribio (mock).',
  levelsRequired: 'Chagua angalau gredi moja.',
  subjectsRequired: 'Ongeza angalau somo moja kwenye mtihani.',
  subjectsUnique: 'Kila somo linaweza kuwa kwenye mtihani mara moja tu.',
  papersRequired: 'Kila somo liwe na angalau karatasi moja pamoja na alama zake za juu.',
  maxMarksInvalid: 'Alama za juu lazima ziwe nambari kamili kuanzia 1 hadi 1000.',
  dateInvalid: 'Andika tarehe halisi kwa mpangilio dd/mm/yyyy.',
  windowInvalid: 'Muda wa kuingiza alama lazima ufungwe siku ile ile unapofunguliwa au baadaye.',
  datesInvalid: 'Mtihani lazima umalizike siku ile ile unapoanza au baadaye.',
  weightInvalid: 'Uzito lazima uwe nambari kamili kuanzia 0 hadi 100 (asilimia).',
  examReleased: 'Matokeo ya mtihani huu yametolewa; mipangilio yake haiwezi kubadilishwa tena.',
  examHasMarks: 'Alama zimeshaingizwa kwa mtihani huu; hauwezi kufutwa.',
  // Marks.
  streamNotFound: 'Mkondo haukupatikana',
  streamNotInExam: 'Mkondo huu haufanyi mtihani huu.',
  subjectNotInExam: 'Somo hili halimo kwenye mtihani huu.',
  notYourClass: 'Unaweza kuingiza alama za mikondo na masomo unayofundisha pekee.',
  learnerNotInStream: (name: string) => `${name} hayumo kwenye mkondo huu.`,
  scoreRequired: 'Andika alama, au mweke mwanafunzi kama hayupo au amesamehewa.',
  cannotClearApproved:
    'Alama zilizoidhinishwa haziwezi kuondolewa: andika alama iliyosahihishwa, au mweke mwanafunzi kama hayupo au amesamehewa.',
  scoreNotNumber: 'Alama lazima ziwe nambari.',
  scoreNegative: 'Alama haziwezi kuwa hasi.',
  scoreAboveMax: (max: number) => `Alama haiwezi kuzidi alama za juu, ${max}.`,
  paperScoresInvalid: (papers: number) => `Andika alama ya kila karatasi kati ya karatasi ${papers}.`,
  windowNotOpen: (opens: string) => `Kuingiza alama za mtihani huu kutaanza tarehe ${opens}.`,
  windowClosed: (closed: string) => `Kuingiza alama za mtihani huu kulifungwa tarehe ${closed}.`,
  sheetLocked: 'Alama hizi zimeidhinishwa na zimefungwa. Mwombe mwalimu mkuu abadilishe alama.',
  sheetSubmitted: 'Alama hizi zimewasilishwa ili ziidhinishwe; msubiri mwalimu mkuu au mwombe azirudishe.',
  reasonRequired: 'Eleza sababu ya kubadilisha alama iliyoidhinishwa.',
  marksRequired: 'Tuma angalau alama moja.',
  // Approval and release.
  nothingToSubmit: 'Ingiza alama za kila mwanafunzi (au mweke kama hayupo au amesamehewa) kabla ya kuwasilisha.',
  missingMarks: (n: number) =>
    `${capital(wingi(n, 'mwanafunzi', 'wanafunzi'))} bado ${wingiNeno(n, 'hana', 'hawana')} alama; andika alama au ${wingiNeno(
      n,
      'mweke kama hayupo au amesamehewa',
      'waweke kama hawapo au wamesamehewa',
    )}.`,
  notSubmitted: 'Alama hizi hazijawasilishwa ili ziidhinishwe.',
  alreadyApproved: 'Alama hizi tayari zimeidhinishwa.',
  commentRequired: 'Mweleze mwalimu cha kurekebisha.',
  notApprovedYet: (n: number) =>
    `${capital(orodha(n))} bado ${wingiNeno(n, 'haijaidhinishwa', 'hazijaidhinishwa')}; ${wingiNeno(
      n,
      'iidhinishe',
      'ziidhinishe',
    )} kabla ya kutoa matokeo.`,
  noApprovedMarks: 'Hakuna alama zilizoidhinishwa kwa mtihani huu bado.',
  alreadyReleased: 'Matokeo ya mtihani huu tayari yametolewa.',
  notReleased: 'Matokeo haya bado hayajatolewa.',
  // Exam timetable.
  paperEndsBeforeStart: (paper: string) => `${paper}: karatasi lazima iishe baada ya kuanza.`,
  roomClash: (a: string, b: string, room: string) => `${a} na ${b} ziko ${room} kwa wakati mmoja.`,
  invigilatorClash: (a: string, b: string) => `${a} na ${b} zina msimamizi mmoja kwa wakati mmoja.`,
  teacherNotFound: 'Mwalimu hakupatikana',
  // Report cards and certificates.
  learnerNotFound: 'Mwanafunzi hakupatikana',
  returnedForCorrections: 'Imerudishwa kwa marekebisho.',
  reportCardNoResults: 'Mwanafunzi huyu hana matokeo yaliyotolewa kwa muhula huu.',
  certificateNotFound: 'Cheti hakikupatikana au si halali',
  certificateKindInvalid: 'Chagua cheti cha kuacha shule, cha kuhitimu au cha sifa.',
  learnersRequired: 'Chagua angalau mwanafunzi mmoja.',
  tooManyLearners: 'Tengeneza vyeti visivyozidi 500 kwa wakati mmoja.',
  alreadyRevoked: 'Cheti hiki tayari kimefutiliwa mbali.',
  revokeReasonRequired: 'Eleza sababu ya kufutilia mbali cheti hiki.',
  attendanceInvalid: 'Mahudhurio lazima yawe asilimia kuanzia 0 hadi 100.',
  certificateNoteTooLong: 'Maelezo yasizidi herufi 200.',
  certificatesRequired: 'Chagua angalau cheti kimoja.',
  learnerHasNoClass: (name: string) =>
    `${name} hajawahi kuwekwa kwenye mkondo wowote: cheti kinahitaji darasa la mwanafunzi.`,
  supersededReportCard: 'Imechukuliwa nafasi na ripoti ya maendeleo mpya zaidi',
  // Teacher dashboard.
  dashboard: {
    marksToEnter: 'Alama za kuingiza',
    marksToEnterHint: (n: number) => `${capital(orodha(n))} ${wingiNeno(n, 'iko wazi', 'ziko wazi')} kwa kuingiza alama`,
    openGrades: 'Fungua Alama za Darasa Langu',
    returned: 'Zilizorudishwa',
    progress: (marked: number, total: number) => `${marked} kati ya ${total} wamepewa alama`,
  },
  // Approvals card.
  approvalTitle: (subject: string, stream: string) => `Alama: ${subject}, ${stream}`,
  approvalSummary: (exam: string, teacher: string, count: number) =>
    `${exam}: ${wingi(count, 'mwanafunzi', 'wanafunzi')}, zimewasilishwa na ${teacher}`,
  // Report card comments suggested from the performance band (issue 12 §5).
  suggestedComment: {
    excellent: 'Kazi bora sana muhula huu. Endelea hivyo!',
    good: 'Maendeleo mazuri muhula huu; lenga juu zaidi muhula ujao.',
    fair: 'Matokeo ya wastani; bidii zaidi inahitajika katika maeneo dhaifu.',
    weak: 'Anahitaji kuongeza bidii na kutafuta msaada kutoka kwa walimu.',
  },
  strandRequired: 'Taja mada kuu (strand).',
  levelInvalid: 'Chagua EE, ME, AE au BE.',
  examTimeInvalid: 'Saa kwa mpangilio HH:MM',
};
