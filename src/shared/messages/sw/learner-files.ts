import { wingi } from '../../i18n/plural-sw.js';

/**
 * Kiswahili of ../learner-files.ts: learner import and export. Column names, the template's example
 * rows and the values the import reads (M/F, day/boarding, mother/father…) stay as the import expects them.
 */
const num = (v: number) => v.toLocaleString('sw-KE');

/** The sentence's first letter in capitals (a count noun from `wingi` opening a sentence). */
const herufiKubwa = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export const learnerFilesMessages = {
  columnsProblem: (missing: string[], unknown: string[], duplicate: string[]) =>
    [
      missing.length ? `Safu zinazokosekana: ${missing.join(', ')}.` : '',
      unknown.length ? `Safu zisizojulikana: ${unknown.join(', ')}.` : '',
      duplicate.length ? `Safu zilizorudiwa: ${duplicate.join(', ')}.` : '',
    ]
      .filter(Boolean)
      .join(' ') + ' Pakua kiolezo ili kupata majina kamili ya safu.',
  noHeader: 'Faili halina mstari wa vichwa. Pakua kiolezo na uache mstari wake wa kwanza ulivyo.',
  noRows: 'Faili lina mstari wa vichwa lakini halina wanafunzi.',
  unreadableCsv: (line: number | null) =>
    `Imeshindikana kusoma faili kama CSV${line ? ` (karibu na mstari ${line})` : ''}. Lihifadhi tena kama "CSV UTF-8" au kama kitabu cha Excel.`,
  unreadableXlsx: 'Imeshindikana kusoma faili kama kitabu cha Excel (.xlsx). Lihifadhi tena kutoka Excel, au kama CSV.',
  noSheet: 'Kitabu hiki cha Excel hakina laha.',
  tooManyRows: (max: number) => `Faili moja lisizidi wanafunzi ${num(max)}. Ligawe kuwa faili ndogo zaidi.`,
  noOpenYear: 'Shule haina mwaka wa masomo ulio wazi wa kuwaweka wanafunzi. Fungua mwaka katika Mipangilio ya Shule kwanza.',
  staffOnly: 'Ni wafanyakazi wa shule pekee wanaoweza kuhamisha rejista.',
  mappingNotJson: 'Imeshindikana kusoma ulinganishaji wa safu: utume kama kitu cha JSON cha safu yetu → safu yako.',
  mappingUnknownTargets: (names: string[]) => `Ulinganishaji unataja safu ambazo uingizaji hauna: ${names.join(', ')}.`,
  mappingUnknownHeaders: (names: string[]) => `Ulinganishaji unataja safu ambazo hazimo kwenye faili: ${names.join(', ')}.`,
  mappingAmbiguousHeaders: (names: string[]) =>
    `Safu hizi zinaonekana zaidi ya mara moja kwenye faili, hivyo ulinganishaji hauwezi kujua ipi inakusudiwa: ${names.join(', ')}.`,
  mappingReused: (names: string[]) => `Kila safu ya faili inaweza kubeba safu moja tu kati ya zetu; zilizotumika zaidi ya mara moja: ${names.join(', ')}.`,
  mappingMissingRequired: (names: string[]) => `Chagua safu ya faili kwa ajili ya: ${names.join(', ')}.`,
  mappingFullNameAndParts: 'Chagua ama safu ya jina kamili ama safu za jina la kwanza na la mwisho, si zote mbili.',
  concurrentChange: 'Mwanafunzi mwingine alisajiliwa kwa mojawapo ya nambari hizi za usajili wakati faili likiingizwa. Hakuna kilichohifadhiwa: kagua faili tena kisha uliingize.',

  required: (column: string) => `${column} inahitajika.`,
  genderInvalid: 'Jinsia lazima iwe M au F (au male / female).',
  dateInvalid: 'Andika tarehe ya kuzaliwa kwa mpangilio dd/mm/yyyy, mfano 12/03/2014 (YYYY-MM-DD pia inakubalika).',
  unknownClass: (name: string) => `Darasa "${name}" halijulikani: tumia darasa la mwaka wa masomo wa sasa, mfano kama kwenye kiolezo.`,
  boardingInvalid: 'Bweni lazima liwe day au boarding (tupu maana yake day).',
  relationshipInvalid: (allowed: string) => `Uhusiano lazima uwe mojawapo ya: ${allowed}.`,
  duplicateInFile: (n: string, row: number) => `Nambari ya usajili ${n} iko pia kwenye mstari ${row}.`,
  notActive: (n: string, status: string) =>
    `Nambari ya usajili ${n} ni ya mwanafunzi ambaye si mwanafunzi hai tena (${status}). Msajili upya kabla ya kuingiza mabadiliko.`,
  sameLearner: (row: number) => `Ni mwanafunzi yule yule wa mstari ${row} (nambari ile ile ya usajili, au majina na simu ya mlezi yale yale).`,
  guardianNameLong: 'Jina la mlezi lisizidi herufi 120.',

  overCapacity: (className: string, after: number, capacity: number) =>
    `${className} litakuwa na wanafunzi ${after}, zaidi ya uwezo wake wa ${capacity}. Mistari hii inaingizwa hata hivyo.`,

  templateExamples: [
    { first: 'Wanjiru', middle: 'Njeri', last: 'Kamau', gender: 'F', dob: '12/03/2014', upi: 'A1B2C3D', bcn: '1234567', boarding: 'day', guardian: 'Mary Wanjiku Kamau', relationship: 'mother', phone: '0712345678', email: 'mary.kamau@example.com' },
    { first: 'Brian', middle: '', last: 'Otieno', gender: 'M', dob: '30/08/2013', upi: '', bcn: '', boarding: 'boarding', guardian: 'Peter Ochieng Otieno', relationship: 'father', phone: '0722000111', email: '' },
  ],
  instructionsTitle: 'Jinsi ya kujaza faili hili',
  instructionsHeader: ['Safu', 'Inahitajika', 'Cha kuandika'],
  instructions: {
    admission_number: 'Acha wazi kwa mwanafunzi mpya: atapewa nambari inayofuata ya mpangilio wa shule. Mwanafunzi aliye tayari shuleni mwenye nambari hii anasasishwa, kamwe hanakiliwi mara mbili.',
    first_name: 'Jina la kwanza la mwanafunzi, kama lilivyo kwenye cheti cha kuzaliwa (alama za ritifaa na lafudhi zinabaki).',
    middle_name: 'Si lazima.',
    last_name: 'Jina la ukoo la mwanafunzi.',
    gender: 'M au F.',
    date_of_birth: 'dd/mm/yyyy, mfano 12/03/2014 (YYYY-MM-DD au tarehe ya Excel pia inakubalika). Si lazima.',
    class: 'Jina la mkondo kama shule inavyouita hasa, mfano Grade 7 East (tazama orodha hapa chini).',
    upi: 'UPI ya mwanafunzi (NEMIS/KEMIS). Si lazima.',
    birth_certificate_number: 'Si lazima.',
    boarding: 'day au boarding. Tupu maana yake day.',
    guardian_name: 'Jina kamili la mzazi au mlezi.',
    guardian_relationship: 'mother, father, guardian, grandparent, sibling, relative, sponsor au other; grandmother, grandfather, aunt, uncle, brother, sister, step-mother na step-father pia zinakubalika (huhifadhiwa kama grandparent, sibling au relative, na huonyeshwa kama zilivyoandikwa). Tupu maana yake guardian.',
    guardian_phone: 'Nambari ya simu ya mkononi ya Kenya, mfano 0712345678. Mlezi anayejulikana tayari kwa simu hii anaunganishwa, hanakiliwi mara mbili (ndugu huwa na mzazi mmoja).',
    guardian_email: 'Si lazima.',
  } as Record<string, string>,
  instructionsNotes: [
    'Acha mstari wa kwanza (majina ya safu) kama ulivyo. Weka mwanafunzi mmoja kwenye kila mstari.',
    'Visanduku vya hiari vilivyo tupu hubakiza taarifa ambazo shule tayari inazo za mwanafunzi anayesasishwa.',
    'Pakia faili katika Taarifa za Wanafunzi > Ingiza. Utaona kila mstari wenye tatizo kabla chochote hakijahifadhiwa.',
  ],
  classesHeading: 'Madarasa ya mwaka huu',
  yes: 'Ndiyo',
  no: 'Hapana',

  importTitle: 'Ingiza wanafunzi',
  importDescription: 'Ongeza au sasisha wanafunzi wengi kwa mara moja kutoka faili la CSV au kitabu cha Excel.',
  importButton: 'Ingiza',
  stepUpload: 'Pakia',
  stepMap: 'Linganisha safu',
  stepReview: 'Kagua',
  stepImport: 'Ingiza',
  templateHeading: '1. Anza na kiolezo',
  templateText: 'Safu zake ndizo hasa zinazosomwa na uingizaji. Mistari miwili ya mfano inatumia madarasa ya shule yako: iweke wanafunzi wako badala yake.',
  downloadCsv: 'Kiolezo (CSV)',
  downloadXlsx: 'Kiolezo (Excel)',
  uploadHeading: '2. Chagua faili lako',
  uploadText: 'CSV au Excel (.xlsx), hadi MB 10. Hakuna kinachohifadhiwa hadi uthibitishe.',
  chooseFile: 'Chagua faili',
  dropHere: 'Dondosha faili hapa, au',
  changeFile: 'Chagua faili jingine',
  checking: 'Inakagua faili…',
  summaryRows: (n: number) => herufiKubwa(`${wingi(n, 'mstari', 'mistari')} ${n === 1 ? 'umesomwa' : 'imesomwa'}`),
  labelNew: 'Wapya',
  labelUpdated: 'Waliosasishwa',
  labelUnchanged: 'Hawajabadilika',
  labelBad: 'Yenye matatizo',
  errorsHeading: 'Mistari yenye matatizo',
  errorsText: 'Mistari hii haiingizwi. Irekebishe kwenye faili lako kisha ulipakie tena, au ingiza mistari mizuri sasa.',
  warningsHeading: 'Tahadhari',
  warningsText: 'Mistari hii inaingizwa; ikague baadaye.',
  colRow: 'Mstari',
  colColumn: 'Safu',
  colProblem: 'Tatizo',
  moreIssues: (n: number) => `na ${wingi(n, 'jingine', 'mengine')}: rekebisha haya kwanza kisha ukague faili tena.`,
  allGood: 'Kila mstari uko tayari kuingizwa.',
  nothingToImport: 'Hakuna cha kuingiza: kila mstari mzuri tayari uko sawa na taarifa zilizopo.',
  noGoodRows: 'Hakuna mstari unaoweza kuingizwa. Rekebisha mistari iliyoorodheshwa hapa chini kisha ukague faili tena.',
  importGood: (n: number) => `Ingiza ${wingi(n, 'mwanafunzi', 'wanafunzi')}`,
  cancel: 'Ghairi',
  startOver: 'Ingiza faili jingine',
  close: 'Funga',
  importing: 'Inaingiza wanafunzi…',
  importingProgress: (done: number, total: number) => `Mistari ${num(done)} kati ya ${num(total)}`,
  waiting: 'Inasubiri kuanza…',
  doneHeading: 'Uingizaji umekamilika',
  doneText: (created: number, updated: number) =>
    herufiKubwa(
      `${wingi(created, 'mwanafunzi', 'wanafunzi')} ${created === 1 ? 'ameongezwa' : 'wameongezwa'} na ${wingi(updated, 'mwanafunzi', 'wanafunzi')} ${updated === 1 ? 'amesasishwa' : 'wamesasishwa'}.`,
    ),
  doneSkipped: (n: number) =>
    herufiKubwa(`${wingi(n, 'mstari', 'mistari')} ${n === 1 ? 'umerukwa' : 'imerukwa'} kwa sababu ya matatizo.`),
  failedHeading: 'Uingizaji haukukamilika',
  retry: 'Jaribu tena',
  mapHeading: 'Linganisha safu zako',
  mapText: (fileName: string) =>
    `Safu za ${fileName} si zile za kiolezo. Kwa kila safu yetu, chagua safu ya faili lako inayoibeba; zinazohitajika zimewekewa alama. Safu utakazoacha zitasomwa kama tupu.`,
  mapOurColumn: 'Safu yetu',
  mapTheirColumn: 'Safu katika faili lako',
  mapRequired: 'Inahitajika',
  mapNone: 'Haimo kwenye faili',
  mapCheck: 'Kagua faili',
  mapMissing: (names: string[]) => `Bado kuchagua: ${names.join(', ')}.`,
  mapFields: {
    admission_number: 'Nambari ya usajili',
    full_name: 'Jina kamili (hugawanywa kuwa la kwanza, la kati na la mwisho)',
    first_name: 'Jina la kwanza',
    middle_name: 'Jina la kati',
    last_name: 'Jina la mwisho',
    gender: 'Jinsia',
    date_of_birth: 'Tarehe ya kuzaliwa',
    class: 'Darasa (mkondo)',
    upi: 'UPI',
    birth_certificate_number: 'Nambari ya cheti cha kuzaliwa',
    boarding: 'Wa kutwa au wa bweni',
    guardian_name: 'Jina la mlezi',
    guardian_relationship: 'Uhusiano wa mlezi',
    guardian_phone: 'Simu ya mlezi',
    guardian_email: 'Barua pepe ya mlezi',
  } as Record<string, string>,
  toastDone: (created: number, updated: number) => `Uingizaji umekamilika: walioongezwa ${created}, waliosasishwa ${updated}.`,
};
