/** Kiswahili of ../language.ts. */
export const languageMessages = {
  label: 'Lugha',
  card: 'Lugha',
  cardText: 'Lugha ya skrini zako, barua pepe na arifa, kwenye kila kifaa unachoingia nacho.',
  saved: 'Lugha imehifadhiwa.',
  saveFailed: 'Imeshindikana kuhifadhi lugha yako. Jaribu tena.',
  guardianLabel: 'Lugha ya SMS na barua pepe',
  guardianHint: 'Anachopokea mlezi huyu kutoka shuleni (SMS, barua pepe, barua zilizochapishwa) kitaandikwa kwa lugha hii.',
  schoolDefault: (name: string) => `Lugha ya shule (${name})`,
  schoolDefaultLabel: 'Lugha ya msingi',
  schoolDefaultHint: 'Walezi ambao hawajachagua lugha hupokea SMS, barua pepe na barua kwa lugha hii.',
  invalid: 'Chagua Kiingereza au Kiswahili.',
};
