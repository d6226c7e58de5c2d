import { terms } from '../db/schema/index.js';

/**
 * The columns that date a term (terms): its first and last day and its half-term break (null when the
 * term has none), selected the same way by every module that lays terms on a calendar. Spread them into
 * a select (`{ id: terms.id, name: terms.name, ...termDateColumns }`).
 */
export const termDateColumns = {
  startsOn: terms.startsOn,
  endsOn: terms.endsOn,
  halfTermStartsOn: terms.halfTermStartsOn,
  halfTermEndsOn: terms.halfTermEndsOn,
};
