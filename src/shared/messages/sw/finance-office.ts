import { wingi } from '../../i18n/plural-sw.js';

/**
 * Kiswahili of ../finance-office.ts: muhtasari wa ofisi ya fedha kwenye dashibodi ya afisa wa fedha.
 * `localized` in ../finance-office.ts checks the table against the English one. Units of stock are
 * typed by the school and shown as typed.
 */
export const financeOfficeMessages = {
  title: 'Ofisi ya fedha',
  spendingTab: 'Matumizi',
  description: 'Matumizi, fedha ndogo za matumizi, stoo na usafiri wa shule muhula huu',
  spent: 'Yaliyotumika muhula huu',
  spentHint: (pending: number) => (pending === 0 ? 'Hakuna kinachosubiri idhini' : `${pending} yanasubiri idhini`),
  pettyCash: 'Fedha ndogo za matumizi',
  pettyCashHint: (float: string) => `Kiwango KES ${float}`,
  store: 'Thamani ya stoo',
  storeHint: (items: number, low: number) => `${wingi(items, 'bidhaa', 'bidhaa')} · ${low} zimepungua`,
  transport: 'Kwenye mabasi ya shule',
  transportHint: (routes: number) => wingi(routes, 'njia', 'njia'),
  alerts: 'Yanahitaji kushughulikiwa',
  noAlerts: 'Hakuna kinachohitaji kushughulikiwa: bajeti, stoo na hati za magari ziko sawa.',
  overBudget: (category: string, actual: string, budget: string) => `${category}: KES ${actual} zimetumika kati ya bajeti ya KES ${budget}`,
  lowStock: (name: string, qty: number, unit: string, reorder: number) => `${name}: kimebaki ${qty.toLocaleString('sw-KE')} ${unit} (agiza tena kikifika ${reorder})`,
  expiry: {
    insurance: (subject: string, on: string, expired: boolean) => `Bima ya ${subject} ${expired ? 'iliisha' : 'inaisha'} ${on}`,
    inspection: (subject: string, on: string, expired: boolean) => `Ukaguzi wa ${subject} ${expired ? 'uliisha' : 'unatakiwa kufanyika'} ${on}`,
    licence: (subject: string, on: string, expired: boolean) => `Leseni ya udereva ya ${subject} ${expired ? 'iliisha' : 'inaisha'} ${on}`,
  },
  openExpenses: 'Matumizi',
  openInventory: 'Mali na stoo',
  openTransport: 'Usafiri',
  loadFailed: 'Takwimu za ofisi ya fedha hazikuweza kupakiwa.',
};
