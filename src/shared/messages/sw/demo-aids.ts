/**
 * Kiswahili of ../demo-aids.ts: demo aids refused for a live school. `localized` in ../demo-aids.ts
 * checks the table against the English one.
 */
export const demoAidMessages = {
  liveSchool: 'Faili za mfano ni za shule za maonyesho na za majaribio pekee: shule hii inapokea malipo halisi ya M-Pesa, kwa hivyo faili ya mfano ingechanganya rekodi za kubuni na rekodi halisi.',
};
