/**
 * Kiswahili of ../timetable-fet.ts: errors of a FET file that cannot be read and the labels of the
 * import/export report. `localized` in ../timetable-fet.ts checks it against the English table.
 */
export const timetableFetMessages = {
  empty: 'Faili ni tupu. Chagua faili la .fet lililohifadhiwa na FET.',
  tooLarge: (limitMb: number) => `Faili ni kubwa mno: faili la .fet lisizidi MB ${limitMb}.`,
  notXml: (detail: string) => `Hili si faili la FET: si XML halali (${detail}).`,
  doctype: 'Hili si faili la FET: linatangaza DOCTYPE (entities), jambo ambalo faili za FET hazifanyi kamwe.',
  tooDeep: (levels: number) => `Hili si faili la FET: XML yake ina ngazi zaidi ya ${levels} ndani kwa ndani.`,
  notFet: (root: string) => `Hili si faili la FET: XML yake inaanza na <${root}> badala ya <fet>.`,
  noDays: 'Faili la FET halina siku. Ongeza siku za wiki katika FET kisha ulihifadhi tena.',
  noHours: 'Faili la FET halina saa. Ongeza saa (vipindi) vya siku katika FET kisha ulihifadhi tena.',
  noActivities: 'Faili la FET halina shughuli (vipindi) hai za kupangiwa ratiba.',
  badActivity: (id: string, field: string) => `Shughuli ${id} katika faili la FET haina ${field} halali.`,
  duplicateActivity: (id: string) => `Shughuli mbili katika faili la FET zina kitambulisho kimoja ${id}.`,
  unknownReference: (id: string, kind: string, name: string) =>
    `Shughuli ${id} inataja ${kind} "${name}", lakini faili la FET halina kipengele hicho katika orodha zake.`,
  ignoredInactive: 'haitumiki',
  ignoredUnknown: 'inataja kitu kisichomo katika faili',
  ignoredVirtualRoom: 'Chumba pepe',
  ignoredMode: (mode: string) => `Hali ${mode} (imepangwa kama wiki rasmi)`,
  skippedMaxPerDay: 'maxPerDay (hakuna kinacholingana nacho katika FET)',
};
