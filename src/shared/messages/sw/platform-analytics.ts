/**
 * Kiswahili of ../platform-analytics.ts: majina ya moduli, vipimo, hali za malipo ya huduma na ukaguzi
 * wa ukamilifu, na maandishi ya ripoti za mfumo. `localized` in ../platform-analytics.ts checks each
 * table against the English one.
 */

export const MODULE_LABELS = {
  attendance: 'Rejista za mahudhurio',
  exams: 'Mitihani na alama',
  fees: 'Ankara za ada',
  mpesa: 'Malipo ya M-Pesa',
  timetable: 'Ratiba zilizochapishwa',
  payroll: 'Uandaaji wa mishahara',
  announcements: 'Matangazo',
  messages: 'Ujumbe',
  sms: 'SMS',
  transport: 'Usafiri',
  inventory: 'Mali na stoo',
  expenses: 'Matumizi',
  support: 'Maombi ya msaada',
};

export const METRIC_LABELS = {
  attendance_rate: 'Kiwango cha mahudhurio',
  fee_collection_rate: 'Kiwango cha makusanyo ya ada',
  mean_score: 'Wastani wa alama',
  active_users: 'Watumiaji hai',
};

export const METRIC_HINTS = {
  attendance_rate: 'Wanafunzi waliowekwa alama yupo au amechelewa kati ya maingizo yote ya rejista katika kipindi.',
  fee_collection_rate: 'Kilicholipwa kati ya kinachodaiwa kwenye ankara zilizotolewa za muhula wa sasa.',
  mean_score: 'Wastani wa alama (asilimia) wa mitihani ya mwaka wa masomo wa sasa.',
  active_users: 'Sehemu ya akaunti hai zilizotumia EduFam angalau mara moja katika kipindi.',
};

export const BILLING_STATUS_LABELS = {
  trial: 'Majaribio',
  active: 'Hai',
  arrears: 'Ina malimbikizo',
  read_only: 'Kusoma pekee',
  none: 'Hakuna mpango',
  unknown: 'Haijulikani',
};

export const COMPLETENESS_LABELS = {
  guardianPhone: 'Wanafunzi wenye simu ya mlezi',
  dateOfBirth: 'Wanafunzi wenye tarehe ya kuzaliwa',
  upi: 'Wanafunzi wenye UPI (NEMIS)',
  photo: 'Wanafunzi wenye picha',
  classTeacher: 'Mikondo yenye mwalimu wa darasa',
  staffKraPin: 'Wafanyakazi wenye KRA PIN',
};

export const DAU_ROLE_LABELS = {
  platform: 'Wafanyakazi wa EduFam',
  school_director: 'Wakurugenzi',
  principal: 'Walimu wakuu',
  teacher: 'Walimu',
  finance_officer: 'Maafisa wa fedha',
  hr: 'Mameneja wa rasilimali watu',
  parent: 'Wazazi',
};

export const platformAnalyticsMessages = {
  api: {
    dateInvalid: 'Andika tarehe kwa mpangilio dd/mm/yyyy.',
    rangeInvalid: 'Tarehe ya kuanza lazima iwe kabla ya tarehe ya mwisho au siku hiyo hiyo.',
    rangeTooLong: 'Chagua kipindi kisichozidi siku 366.',
    schoolInvalid: 'Chagua shule kutoka kwenye orodha.',
    schoolNotFound: 'Shule haikupatikana.',
    metricInvalid: 'Chagua attendance_rate, fee_collection_rate, mean_score au active_users.',
    formatInvalid: 'Chagua pdf au xlsx.',
    actionInvalid: 'Andika kitendo kisichozidi herufi 100.',
  },
  reports: {
    platform: 'EduFam',
    schoolsTitle: 'Shule kwenye EduFam',
    schoolsFile: 'edufam-schools',
    schoolsSheet: 'Shule',
    usageTitle: 'Matumizi kwa shule',
    usageFile: (from: string, to: string) => `edufam-usage-${from}-to-${to}`,
    usageSheet: 'Matumizi',
    auditTitle: 'Dondoo la kumbukumbu za ukaguzi',
    auditFile: (from: string, to: string) => `edufam-audit-${from}-to-${to}`,
    auditSheet: 'Ukaguzi',
    period: (from: string, to: string) => `Kipindi: ${from} hadi ${to} (Africa/Nairobi)`,
    filtered: (what: string) => `Kichujio: ${what}`,
    rows: (n: number) => `Safu ${n.toLocaleString('sw-KE')}`,
    capped: (cap: number) => `Ni maingizo ${cap.toLocaleString('sw-KE')} ya kwanza pekee (mapya kwanza) yaliyojumuishwa: punguza kipindi au vichujio ili kupata mengine.`,
    none: 'Hakuna cha kuonyesha katika kipindi hiki.',
    allSchools: 'Shule zote',
    platformWide: 'Mfumo mzima',
    cols: {
      name: 'Shule',
      code: 'Msimbo',
      county: 'Kaunti',
      curriculum: 'Mtaala',
      status: 'Hali',
      learners: 'Wanafunzi',
      staff: 'Wafanyakazi',
      created: 'Iliundwa',
      activeUsers: 'Watumiaji hai',
      logins: 'Siku za kuingia',
      modulesUsed: 'Moduli zilizotumika',
      modulesCount: 'Moduli',
      messages: 'Jumbe',
      feeVolume: 'Ada zilizopokelewa (KES)',
      feeCount: 'Malipo',
      when: 'Lini (EAT)',
      school: 'Shule',
      action: 'Kitendo',
      role: 'Wadhifa',
      user: 'Mtumiaji',
      target: 'Kilicholengwa',
      result: 'Matokeo',
      ip: 'Anwani ya IP',
      ok: 'Imefaulu',
      failed: 'Imeshindikana',
    },
    statusLabels: { active: 'Hai', inactive: 'Haitumiki' } as Record<string, string>,
  },
  comparison: {
    /** "Shule A", "Shule B" … "Shule Z", "Shule AA" … for the schools not picked. */
    anonymousLabel: (i: number) => {
      let n = i;
      let s = '';
      do {
        s = String.fromCharCode(65 + (n % 26)) + s;
        n = Math.floor(n / 26) - 1;
      } while (n >= 0);
      return `Shule ${s}`;
    },
  },
};
