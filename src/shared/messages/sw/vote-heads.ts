import { wingi } from '../../i18n/plural-sw.js';

/**
 * Kiswahili of ../vote-heads.ts: vote heads (vifungu vya matumizi), payment allocations and the
 * vote-head cash book. `localized` in ../vote-heads.ts checks each table against the English one.
 */
export const VOTE_HEAD_ACCOUNT_LABELS = {
  tuition: 'Akaunti ya masomo (tuition)',
  operations: 'Akaunti ya uendeshaji',
  school_fund: 'Mfuko wa shule',
};

export const VOTE_HEAD_RULE_LABELS = {
  priority: 'Kwa mpangilio wa kipaumbele (mpangilio wa Wizara)',
  proportional: 'Kwa uwiano wa deni lililo kwenye kila kifungu',
};

export const voteHeadsMessages = {
  // API errors
  amountInvalid: 'Andika kiasi cha KES cha sifuri au zaidi, chenye desimali zisizozidi mbili.',
  codeInvalid: 'Msimbo: herufi 1 hadi 20 (herufi, tarakimu, - au _).',
  nameRequired: 'Andika jina la kifungu cha matumizi.',
  nameTooLong: 'Jina lisizidi herufi 80.',
  priorityInvalid: 'Kipaumbele lazima kiwe nambari kamili kuanzia 0 hadi 10000.',
  accountInvalid: 'Akaunti lazima iwe mojawapo ya: tuition, operations, school_fund.',
  dateInvalid: 'Andika tarehe kwa mpangilio YYYY-MM-DD.',
  formatInvalid: 'Muundo lazima uwe json, pdf au xlsx.',
  periodInvalid: 'Tarehe ya mwisho lazima iwe siku ile ile ya kuanza au baadaye.',
  periodTooLong: 'Chagua kipindi kisichozidi miaka mitano.',
  voteHeadNotFound: 'Kifungu cha matumizi hakikupatikana.',
  ruleInvalid: 'Kanuni ya vifungu vya matumizi lazima iwe priority au proportional.',
  voteHeadInactive: 'Kifungu hicho cha matumizi hakitumiki: chagua kifungu cha matumizi cha shule kinachotumika.',
  codeTaken: 'Kifungu kingine cha matumizi cha shule tayari kina msimbo huo.',
  inUse:
    'Kifungu hiki cha matumizi kinatumika (vipengele vya ada, ankara, aina za matumizi au malipo): kisitishe badala yake.',
  allocationsRequired: 'Tuma angalau kifungu kimoja cha matumizi pamoja na kiasi.',
  voteHeadTwice: 'Kila kifungu cha matumizi kiwepo mara moja tu.',
  paymentNotFound: 'Malipo hayakupatikana.',
  reversedNotReallocated: 'Malipo yaliyobatilishwa au ubatilishaji wenyewe hauwezi kugawanywa upya.',
  moreThanPayment: (total: string, amount: string) =>
    `Mgao unajumlisha KES ${total}, zaidi ya malipo yenyewe (KES ${amount}).`,
  lessThanPayment: (total: string, amount: string) =>
    `Mgao unajumlisha KES ${total}; lazima ujumlishe kiasi cha malipo, KES ${amount}.`,
  // Audit actions (the Audit Trail lists them).
  audit: {
    created: 'VOTE_HEAD_CREATED',
    updated: 'VOTE_HEAD_UPDATED',
    deleted: 'VOTE_HEAD_DELETED',
    reallocated: 'PAYMENT_REALLOCATED',
    prepaymentsApplied: 'PREPAYMENTS_APPLIED',
  },
  // The receipt's split
  receipt: { heading: 'Mgao kwa vifungu vya matumizi', voteHead: 'Kifungu cha matumizi', amount: 'Kiasi (KES)' },
  // The vote-head cash book (GET /api/reports/vote-head-cash-book)
  report: {
    title: 'Daftari la fedha la vifungu vya matumizi',
    blurb: 'Fedha zinazoingia na kutoka kwa kila kifungu cha matumizi, pamoja na salio la mwanzo na la mwisho, na mapato kwa kila kifungu.',
    file: 'vote-head-cash-book',
    period: (from: string, to: string) => `${from} hadi ${to}`,
    rule: 'Fedha zinazoingia: malipo ya ada (ukiondoa yaliyobatilishwa) kama yalivyogawanywa kwa vifungu vya matumizi, na ruzuku za serikali kwa vifungu vyake. Fedha zinazotoka: matumizi yaliyolipwa kupitia kifungu cha matumizi cha aina yake, siku yalipolipwa.',
    opening: 'Salio la mwanzo',
    moneyIn: 'Zilizoingia',
    moneyOut: 'Zilizotoka',
    closing: 'Salio la mwisho',
    net: 'Tofauti',
    voteHead: 'Kifungu cha matumizi',
    account: 'Akaunti',
    date: 'Tarehe',
    fees: 'Ada',
    capitation: 'Ruzuku ya serikali',
    total: 'Jumla',
    share: 'Sehemu',
    summarySection: 'Kwa kifungu cha matumizi',
    incomeSection: 'Mapato kwa kifungu cha matumizi',
    daysSection: 'Siku kwa siku',
    unassigned: 'Matumizi yaliyolipwa ambayo aina yake haina kifungu cha matumizi',
    summarySheet: 'Muhtasari',
    empty: 'Hakuna chochote katika kipindi hiki.',
  },
  // Screens
  ui: {
    prepaymentsTitle: 'Ada iliyolipwa mapema',
    prepaymentsIntro:
      'Fedha zilizolipwa kabla ya ankara kutolewa husubiri chini ya “Ada iliyolipwa mapema”. Ankara za wanafunzi zikishatolewa, zihamishe kwa vifungu vya matumizi wanavyodaiwa, kwa kanuni iliyo hapo juu.',
    prepaymentsHeld: (amount: string, n: number) =>
      `KES ${amount} zimeshikiliwa kama malipo ya mapema ya ${wingi(n, 'mwanafunzi', 'wanafunzi')}.`,
    prepaymentsReady: (amount: string, n: number) =>
      `KES ${amount} zinaweza kuhamishiwa kwenye ankara za ${wingi(n, 'mwanafunzi', 'wanafunzi')}.`,
    prepaymentsNone: 'Hakuna cha kuhamisha: hakuna mwanafunzi mwenye malipo ya mapema anayedaiwa kwenye kifungu kingine.',
    prepaymentsApply: 'Weka kwenye ankara',
    prepaymentsApplied: (amount: string, n: number) =>
      `KES ${amount} zimehamishiwa kwenye ankara za ${wingi(n, 'mwanafunzi', 'wanafunzi')}.`,
    prepaymentsMore: (n: number) => `na wengine ${n}`,
    tab: 'Vifungu vya matumizi',
    title: 'Vifungu vya matumizi',
    description:
      'Vifungu vya bajeti ambavyo ada na ruzuku huhesabiwa chini yake. Kila malipo hugawanywa kwa vifungu hivi kwa kanuni iliyo hapa chini, na mgao huo huonekana kwenye risiti.',
    add: 'Ongeza kifungu',
    edit: 'Hariri kifungu',
    code: 'Msimbo',
    name: 'Jina',
    account: 'Akaunti',
    priority: 'Kipaumbele',
    active: 'Kinatumika',
    inactive: 'Hakitumiki',
    deactivate: 'Sitisha',
    activate: 'Washa',
    delete: 'Futa',
    moveUp: 'Sogeza juu',
    moveDown: 'Sogeza chini',
    save: 'Hifadhi',
    cancel: 'Ghairi',
    saved: 'Kifungu cha matumizi kimehifadhiwa',
    deleted: 'Kifungu cha matumizi kimefutwa',
    failed: 'Imeshindwa kuhifadhi kifungu cha matumizi',
    loadFailed: 'Imeshindwa kupakia vifungu vya matumizi',
    retry: 'Jaribu tena',
    rule: 'Jinsi malipo yanavyogawanywa kwa vifungu vya matumizi',
    rulePriority: 'Mpangilio wa kipaumbele',
    ruleProportional: 'Kwa uwiano',
    ruleSaved: 'Kanuni imehifadhiwa',
    voteHead: 'Kifungu cha matumizi',
    defaultForCategory: 'Chaguo-msingi la aina hii',
    allocations: 'Vifungu vya matumizi',
    reallocate: 'Gawanya upya',
    reallocateTitle: 'Gawanya malipo upya',
    reallocateHelp: (amount: string) => `Jumla ya viwango lazima iwe sawa na kiasi cha malipo, KES ${amount}.`,
    reallocated: 'Malipo yamegawanywa upya',
    remaining: (amount: string) => `Kiasi kilichobaki kugawanywa: KES ${amount}`,
    noAllocations: 'Hayajagawanywa kwa vifungu vya matumizi.',
  },
};
