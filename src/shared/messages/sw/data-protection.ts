/**
 * Kiswahili of ../data-protection.ts: maombi ya ulinzi wa data (Sheria ya Ulinzi wa Data ya Kenya
 * 2019). `localized` in ../data-protection.ts checks each table against the English one.
 */
export const DP_SUBJECT_TYPE_LABELS = { learner: 'Mwanafunzi', user: 'Mtumiaji' };
export const DP_KIND_LABELS = { export: 'Nakala ya data', erasure: 'Kufuta data' };
export const DP_STATUS_LABELS = { completed: 'Imekamilika', refused: 'Imekataliwa' };

export const dataProtectionMessages = {
  legalBasis: {
    export: 'Sheria ya Ulinzi wa Data ya Kenya 2019, kifungu 26 (haki ya kupata data): nakala ya data binafsi inayohifadhiwa kuhusu mhusika wa data.',
    erasure:
      'Sheria ya Ulinzi wa Data ya Kenya 2019, kifungu 40 (haki ya kusahihisha na kufuta data), ndani ya kifungu 39 (uhifadhi): data binafsi imefutwa au imefanywa isiyotambulisha; kumbukumbu ambazo sheria inataka zihifadhiwe zinabaki bila kumtambulisha mtu.',
  },
  api: {
    learnerNotFound: 'Mwanafunzi huyo hakupatikana.',
    userNotFound: 'Mtumiaji huyo hakupatikana.',
    reasonRequired: 'Andika sababu ya ombi hili (kwa mfano, ombi la maandishi la mhusika wa data la tarehe 12 Machi).',
    confirmMismatch: 'Jina uliloandika halilingani. Andika jina la mhusika kama linavyoonyeshwa ili kuthibitisha.',
    learnerActive: 'Ondoa mwanafunzi shuleni kwanza kabla ya kufuta data zake binafsi: kumbukumbu za mwanafunzi aliyesajiliwa bado zinatumika.',
    learnerTransferPending: 'Ombi la uhamisho wa mwanafunzi huyu bado linasubiri. Subiri shule inayompokea iamue, kisha ufute.',
    userActive: 'Zima akaunti hii kwanza kabla ya kufuta data zake binafsi.',
    lastAdmin: 'Hii ndiyo akaunti ya mwisho ya msimamizi wa EduFam; haiwezi kufutwa.',
    selfErasure: 'Huwezi kufuta akaunti yako mwenyewe. Muombe msimamizi mwingine wa EduFam.',
    alreadyErased: 'Data binafsi za mhusika huyu tayari zimefutwa.',
    searchTooShort: 'Andika angalau herufi 2 ili kutafuta.',
    exported: 'Data binafsi zimehamishwa.',
    erased: (label: string) => `Data binafsi zimefutwa. Kumbukumbu sasa inaitwa “${label}”.`,
  },
  retained: {
    learnerFees: {
      what: 'Ankara za ada, hati za salio, malipo na risiti (kiasi, tarehe, nambari za risiti, nambari ya usajili)',
      why: 'Sheria ya Taratibu za Kodi 2015 kifungu 23: kumbukumbu za fedha huhifadhiwa kwa miaka mitano. Sasa zinamhusu mwanafunzi asiyetambulishwa.',
    },
    learnerAcademic: {
      what: 'Alama, tathmini, mahudhurio na historia ya darasa (bila kutambulisha)',
      why: 'Takwimu za shule na taarifa kwa KNEC; jina, tarehe ya kuzaliwa na vitambulisho vikiondolewa, hazimtambulishi tena mwanafunzi.',
    },
    learnerCertificates: {
      what: 'Vyeti na ripoti za maendeleo zilizotolewa (jina limeondolewa, vimebatilishwa)',
      why: 'Rejista ya hati zilizotolewa huhifadhiwa ili nakala ghushi iweze kutambuliwa; kila hati imebatilishwa na haithibitishiki tena.',
    },
    audit: {
      what: 'Kumbukumbu za ukaguzi (audit log)',
      why: 'Kumbukumbu za usalama na uwajibikaji (Sheria ya Ulinzi wa Data 2019 kifungu 41); sasa zinarejelea kumbukumbu isiyotambulisha.',
    },
    userMessages: {
      what: 'Ujumbe na matangazo aliyotuma mtumiaji, na tiketi za usaidizi',
      why: 'Ni kumbukumbu pia za washiriki wengine na za shule; sasa zinaonyesha jina lisilotambulisha.',
    },
    userStaff: {
      what: 'Kumbukumbu ya mfanyakazi, hati za mishahara na mistari ya orodha ya mishahara',
      why: 'Kumbukumbu za ajira, PAYE, NSSF na SHIF huhifadhiwa kwa miaka mitano (Sheria ya Taratibu za Kodi 2015 kifungu 23; Sheria ya Ajira 2007 kifungu 74).',
    },
    userGuardian: {
      what: 'Mawasiliano ya walezi kwenye faili za wanafunzi',
      why: 'Kumbukumbu ya shule ya nani wa kuwasiliana naye kuhusu mtoto aliyesajiliwa; zimetenganishwa na akaunti iliyofutwa.',
    },
  },
  document: {
    title: 'Data binafsi zinazohifadhiwa na EduFam',
    notice:
      'Faili hili ni nakala ya data binafsi ambazo EduFam inahifadhi kuhusu mhusika wa data, iliyotolewa chini ya Sheria ya Ulinzi wa Data ya Kenya 2019, kifungu 26. Litunze vizuri: lina data binafsi.',
    filesNote: 'Faili zimeorodheshwa, hazijajumuishwa; omba shule ikupe nakala ya faili.',
  },
};
