/** Kiswahili of ../sms-replies.ts. `localized` in ../sms-replies.ts checks the tables against the English ones. */
export const smsReplyMessages = {
  incomingUnknown: 'Haikupatikana',
  incomingFieldsRequired: 'Ujumbe unaoingia unahitaji from, text na id.',
  replyNotFound: 'Jibu halikupatikana',
  notAllowed: 'Ni wafanyakazi wa shule pekee wanaosoma majibu ya SMS.',
  optedOutSms: (school: string) =>
    `${school}: Hutapokea tena matangazo na vikumbusho kwa SMS. Risiti za ada na taarifa za kutohudhuria zitaendelea kufika. Jibu ANZA ili uvipokee tena.`,
  optedInSms: (school: string) => `${school}: Utapokea tena matangazo na vikumbusho kwa SMS. Jibu ACHA ili uvisimamishe.`,
  optedOut: 'Amejiondoa kwenye SMS zisizo za lazima (STOP)',
};

export const smsRepliesScreens = {
  tab: 'Majibu ya SMS',
  title: 'Majibu ya SMS',
  intro: 'Majibu ambayo wazazi na walezi walituma kwa SMS za shule.',
  empty: 'Bado hakuna majibu ya SMS.',
  loadFailed: 'Imeshindikana kupakia majibu ya SMS. Jaribu tena.',
  unknownNumber: 'Nambari isiyojulikana',
  learners: (names: string) => `Mzazi wa ${names}`,
  unread: 'Halijasomwa',
  read: 'Limesomwa',
  markRead: 'Weka kuwa limesomwa',
  markReadFailed: 'Imeshindikana kuweka jibu kuwa limesomwa. Jaribu tena.',
  loadMore: 'Onyesha zaidi',
  keywordStop: 'Amejiondoa kwenye SMS (STOP)',
  keywordStart: 'Amerudi kwenye SMS (START)',
  forYou: 'Kwako',
  schoolInbox: 'Kikasha cha shule',
  optOutLabel: 'Asipokee matangazo wala vikumbusho kwa SMS',
  optOutHint: 'Huwekwa mlezi anapojibu ACHA (STOP), au anapoiomba shule. Risiti za ada na taarifa za kutohudhuria zinaendelea kutumwa.',
  optOutBadge: 'Amejiondoa kwenye SMS',
  optOutSaved: 'Chaguo la SMS limehifadhiwa.',
  optOutFailed: 'Imeshindikana kuhifadhi chaguo la SMS. Jaribu tena.',
};
