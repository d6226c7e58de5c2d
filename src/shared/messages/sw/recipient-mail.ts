/** Kiswahili of ../recipient-mail.ts. */
export const recipientMailMessages = {
  accountSetup: {
    hello: (name: string) => `Habari ${name},`,
    openLink: (link: string) => `Fungua kiungo hiki ili kuchagua nenosiri lako (kinafanya kazi kwa saa moja): ${link}`,
    chooseLink: 'Chagua nenosiri lako',
    linkValid: '(kiungo kinafanya kazi kwa saa moja).',
    after: (at: string, area: string) =>
      `Kisha ingia kupitia ${at} katika sehemu ya "${area}" ukitumia anwani hii ya barua pepe. Kiungo kikiwa kimeisha muda, tumia "Umesahau nenosiri?" kwenye ukurasa huo.`,
  },
  feeReminderEmail: (guardianName: string, sms: string, school: string) =>
    `Mpendwa ${guardianName},\n\n${sms}\n\nUnaweza kuona taarifa ya ada na kulipa kwa M-Pesa ndani ya EduFam chini ya Ada ya Shule.\n\n${school}`,
};
