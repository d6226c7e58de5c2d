import { wingi } from '../../i18n/plural-sw.js';
import { KEMIS_FILE } from '../../kemis.js';

/**
 * Kiswahili of ../kemis.ts: the Ministry's learner data (KEMIS / NEMIS). The KEMIS export's column
 * headers, values and sheet name, the UPI import's headers, the sample file's cells, the file name and
 * the audit code stay as the Ministry's files have them (unchanged from English).
 */

export const SPECIAL_NEEDS_LABELS = {
  visual: 'Ulemavu wa kuona',
  hearing: 'Ulemavu wa kusikia',
  physical: 'Ulemavu wa viungo',
  intellectual: 'Ulemavu wa akili',
  autism: 'Usonji',
  learning: 'Tatizo mahususi la kujifunza',
  speech_language: 'Tatizo la kuzungumza na lugha',
  emotional_behavioural: 'Tatizo la kihisia na kitabia',
  cerebral_palsy: 'Ulemavu wa ubongo (cerebral palsy)',
  deaf_blind: 'Uziwi-upofu',
  multiple: 'Ulemavu mseto',
  gifted: 'Vipawa na vipaji maalum',
};

export const BOARDING_TYPE_LABELS = { day: 'Kutwa', boarding: 'Bweni', mixed: 'Kutwa na bweni' };

export const LEVELS_OFFERED_LABELS = {
  pre_primary: 'Elimu ya awali',
  primary: 'Shule ya msingi',
  junior: 'Sekondari msingi',
  senior: 'Sekondari ya juu',
};

export const KEMIS_FIELD_LABELS = {
  birthCertificateNumber: 'Nambari ya cheti cha kuzaliwa',
  dateOfBirth: 'Tarehe ya kuzaliwa',
  gender: 'Jinsia',
  nationality: 'Uraia',
  residenceCountyCode: 'Kaunti ya makazi',
  guardianIdNumber: 'Nambari ya kitambulisho cha mlezi',
  guardianPhone: 'Simu ya mlezi',
  upi: 'UPI',
};

export const kemisMessages = {
  api: {
    kraPinInvalid: 'Tafadhali andika KRA PIN sahihi: A au P, tarakimu 9 na herufi moja (mfano P051234567X).',
    countyCodeInvalid: 'Msimbo wa kaunti uwe mmoja wa misimbo 47 ya kaunti, 001 hadi 047.',
    boardingTypeInvalid: 'Aina ya shule iwe kutwa, bweni au mseto.',
    levelsOfferedInvalid: 'Viwango vinavyotolewa viwe kati ya elimu ya awali, msingi, sekondari msingi na sekondari ya juu.',
    nationalityInvalid: 'Uraia uwe msimbo wa nchi wa herufi mbili, mfano KE.',
    specialNeedsInvalid: 'Mahitaji maalum yawe kati ya makundi ya Wizara.',
    textTooLong: (max: number) => `Isizidi herufi ${max}.`,
    classNotFound: 'Mkondo haukupatikana.',
    levelNotFound: 'Gredi haikupatikana.',
    notAllowed: 'Ni mwalimu mkuu na mkurugenzi pekee wanaoweza kuona data ya wanafunzi ya Wizara.',
    importNotAllowed: 'Ni mwalimu mkuu pekee anayeweza kuingiza UPI.',
    columnsProblem: (missing: string[], unknown: string[]) =>
      [
        missing.length ? `${missing.length > 1 ? 'Safu wima zinazokosekana' : 'Safu wima inayokosekana'}: ${missing.join(', ')}.` : '',
        unknown.length ? `${unknown.length > 1 ? 'Safu wima zisizojulikana' : 'Safu wima isiyojulikana'}: ${unknown.join(', ')}.` : '',
      ]
        .filter(Boolean)
        .join(' ') + ' Faili inahitaji safu wima ya UPI na safu wima ya Birth Certificate No au Admission No.',
    noRows: 'Faili haina safu za wanafunzi.',
    tooManyRows: (max: number) => `Faili ina safu zaidi ya ${max}.`,
  },
  import: {
    noUpi: 'Hakuna UPI kwenye safu hii.',
    noKey: 'Hakuna nambari ya cheti cha kuzaliwa wala nambari ya usajili kwenye safu hii.',
    noLearner: 'Hakuna mwanafunzi mwenye nambari hii ya cheti cha kuzaliwa au nambari ya usajili.',
    heldByOther: (name: string, admissionNumber: string) => `UPI hii tayari ni ya ${name} (${admissionNumber}).`,
    learnerHasOther: (upi: string) => `Mwanafunzi tayari ana UPI tofauti (${upi}); haikubadilishwa.`,
    twiceInFile: (row: number) => `UPI hii iko pia kwenye safu ${row} kwa mwanafunzi mwingine.`,
    learnerTwiceInFile: (row: number) => `Mwanafunzi huyu yuko pia kwenye safu ${row} akiwa na UPI nyingine.`,
    sampleName: 'Name',
    sampleNobody: 'Nobody Known',
  },
  audit: { upisImported: 'KEMIS_UPIS_IMPORTED' },
  columns: KEMIS_FILE.columns,

  importHeaders: KEMIS_FILE.importHeaders,
  values: KEMIS_FILE.values,
  sheet: KEMIS_FILE.sheet,
  fileName: KEMIS_FILE.fileName,
  profile: {
    title: 'Taarifa za Wizara',
    description: 'Taarifa za taasisi zinazoombwa na Wizara (KEMIS), KNEC na KRA.',
    knecCode: 'Msimbo wa KNEC',
    tscCode: 'Msimbo wa TSC',
    registrationNumber: 'Nambari ya usajili wa shule',
    kraPin: 'KRA PIN',
    countyCode: 'Kaunti',
    subCounty: 'Kaunti ndogo',
    subCountyCode: 'Msimbo wa kaunti ndogo',
    ward: 'Wadi',
    zone: 'Zoni',
    cluster: 'Kikundi cha shule',
    boardingType: 'Kutwa au bweni',
    levelsOffered: 'Viwango vinavyotolewa',
    chooseCounty: 'Chagua kaunti',
    notSet: 'Haijawekwa',
  },
  learner: {
    title: 'Taarifa za Wizara (KEMIS)',
    nationality: 'Uraia',
    residenceCountyCode: 'Kaunti ya makazi',
    residenceSubCounty: 'Kaunti ndogo ya makazi',
    specialNeedsCodes: 'Mahitaji maalum (makundi ya Wizara)',
    medicalCondition: 'Hali ya kiafya',
    shaNumber: 'Nambari ya SHA',
    kcpeIndexNumber: 'Nambari ya mtahiniwa ya KCPE',
    kpseaIndexNumber: 'Nambari ya mtahiniwa ya KPSEA',
    chooseNationality: 'Chagua uraia',
    chooseCounty: 'Chagua kaunti',
    none: 'Hakuna',
  },
  card: {
    title: 'Data ya wanafunzi ya KEMIS',
    description: 'Jedwali la wanafunzi la Wizara kwa mpangilio wa safu wima za KEMIS, wanafunzi wanaokosa taarifa inayohitajika, na UPI zilizotolewa na Wizara.',
    school: 'Shule',
    level: 'Gredi',
    stream: 'Mkondo',
    wholeSchool: 'Shule nzima',
    allLevels: 'Gredi zote',
    allStreams: 'Mikondo yote',
    downloadExcel: 'Pakua Excel',
    downloadCsv: 'Pakua CSV',
    learners: (n: number) => wingi(n, 'mwanafunzi', 'wanafunzi', false),
    missingTitle: 'Wanakosa taarifa inayohitajika',
    missingNone: 'Kila mwanafunzi ana taarifa zote zinazohitajika na KEMIS.',
    awaitingTitle: 'Wanasubiri UPI',
    awaitingNone: 'Kila mwanafunzi ana UPI.',
    fix: 'Rekebisha',
    showAll: (n: number) => `Onyesha zote ${n}`,
    importTitle: 'Ingiza UPI',
    importHint: 'Faili ya Wizara (CSV au Excel) yenye safu wima ya UPI na safu wima ya Birth Certificate No au Admission No.',
    chooseFile: 'Chagua faili',
    preview: 'Kagua faili',
    commit: 'Ingiza UPI',
    committed: (n: number) => `UPI ${n} ${n === 1 ? 'imehifadhiwa' : 'zimehifadhiwa'}.`,
    matched: 'Zimelingana',
    toUpdate: 'UPI mpya',
    conflicts: 'Migongano',
    unmatched: 'Hazikulingana',
    row: 'Safu',
    reason: 'Sababu',
    learner: 'Mwanafunzi',
    nameInFile: 'Jina kwenye faili',
    sample: 'Pakua faili ya mfano',
    sampleHint: 'Faili kama inavyotumwa na Wizara, yenye UPI za kubuni kwa wanafunzi wa shule hii wanaosubiri UPI, ili kujaribu uingizaji.',
    sampleFailed: 'Imeshindikana kupakua faili ya mfano.',
    upi: 'UPI',
    alreadySet: 'Tayari imewekwa',
    newUpi: 'Mpya',
    loadFailed: 'Imeshindikana kupakia ripoti ya KEMIS.',
  },
};
