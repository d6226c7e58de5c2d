import { localized } from '../i18n/localized.js';
import * as sw from './sw/timetable-fet.js';
/**
 * User-facing strings of FET file import and export (issue 16 §3): errors for a file that cannot be
 * read, and the labels of the import/export report.
 */
export const timetableFetMessages = localized('timetable-fet/timetableFetMessages', {
  empty: 'The file is empty. Choose a .fet file saved by FET.',
  tooLarge: (limitMb: number) => `The file is too large: a .fet file can be at most ${limitMb} MB.`,
  notXml: (detail: string) => `This is not a FET file: it is not valid XML (${detail}).`,
  doctype: 'This is not a FET file: it declares a DOCTYPE (entities), which FET files never do.',
  tooDeep: (levels: number) => `This is not a FET file: its XML nests more than ${levels} levels deep.`,
  notFet: (root: string) => `This is not a FET file: its XML starts with <${root}> instead of <fet>.`,
  noDays: 'The FET file has no days. Add the days of the week in FET and save it again.',
  noHours: 'The FET file has no hours. Add the hours (periods) of the day in FET and save it again.',
  noActivities: 'The FET file has no active activities (lessons) to timetable.',
  badActivity: (id: string, field: string) => `Activity ${id} in the FET file has no valid ${field}.`,
  duplicateActivity: (id: string) => `Two activities in the FET file have the same id ${id}.`,
  unknownReference: (id: string, kind: string, name: string) => `Activity ${id} refers to the ${kind} "${name}", which the FET file does not list.`,
  // Reasons added to an ignored constraint's name in the import report.
  ignoredInactive: 'inactive',
  ignoredUnknown: 'refers to something not in the file',
  ignoredVirtualRoom: 'Virtual room',
  ignoredMode: (mode: string) => `Mode ${mode} (timetabled as an official week)`,
  // Export report.
  skippedMaxPerDay: 'maxPerDay (no FET equivalent)',
} as const, { sw: sw.timetableFetMessages });
