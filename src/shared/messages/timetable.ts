/**
 * User-facing strings of the timetable module's API (issue 16): inputs, generation, the editor and
 * publishing. The generator's own sentences live in timetable-engine.ts, FET import/export in
 * timetable-fet.ts and the screens' in timetable-screens.ts.
 */

export const timetableMessages = {
  title: 'Timetable',
};
