/**
 * Kiswahili of ../company.ts: Company Management (EduFam's own details and platform staff accounts).
 * `localized` in ../company.ts checks the table against the English one.
 */
export const companyMessages = {
  fields: {
    name: 'Jina la kampuni linahitajika.',
    kraPin: 'Andika KRA PIN kama P051234567X: P (au A), tarakimu tisa, kisha herufi moja.',
    paybill: 'Nambari ya paybill ina tarakimu 5 hadi 7.',
    email: 'Andika anwani sahihi ya barua pepe.',
    phone: 'Tafadhali andika nambari sahihi ya simu ya Kenya',
    website: 'Andika anwani ya tovuti inayoanza na http:// au https://.',
    staffName: 'Andika jina la mtu huyo.',
    staffEmail: 'Andika anwani sahihi ya barua pepe.',
  },
  api: {
    invalid: 'Tafadhali rekebisha sehemu zilizowekewa alama.',
    saved: 'Maelezo ya kampuni yamehifadhiwa.',
    logoSaved: 'Nembo imesasishwa.',
    noLogo: 'Bado hakuna nembo iliyopakiwa.',
    staffNotFound: 'Akaunti hiyo ya mfanyakazi wa jukwaa haikupatikana.',
    emailTaken: 'Tayari kuna mtumiaji mwenye anwani hii ya barua pepe.',
    invited: (name: string, email: string) => `${name} ameongezwa. Kiungo cha kuchagua nenosiri kimetumwa kwa ${email}.`,
    inviteMailFailed: 'Akaunti imefunguliwa, lakini barua pepe ya kuweka nenosiri haikuweza kutumwa. Mwombe atumie "Umesahau nenosiri?" kwenye ukurasa wa kuingia.',
    cannotChangeSelf: 'Huwezi kubadilisha jukumu lako mwenyewe wala kuzima akaunti yako mwenyewe.',
    lastAdmin: 'Lazima abaki angalau msimamizi mmoja wa EduFam aliye hai.',
    updated: (name: string) => `Maelezo ya ${name} yamesasishwa.`,
    nothingToChange: 'Chagua jukumu au hali ya kubadilisha.',
  },
  mail: {
    subject: 'Akaunti yako ya mfanyakazi wa EduFam',
    body: (role: string) => `EduFam imekufungulia akaunti ya mfanyakazi wa jukwaa (${role}).`,
  },
};
