import { students } from '../db/schema/index.js';

/**
 * The columns that name a learner (students), selected the same way by every module that lists or
 * prints learners: spread them into a select (`{ ...learnerIdentityColumns, gender: students.gender }`)
 * and type the rows with `LearnerIdentity` / `LearnerNames`.
 */

/** A learner's first, middle and last name (students). */
export const learnerNameColumns = {
  firstName: students.firstName,
  middleName: students.middleName,
  lastName: students.lastName,
};

/** A learner's names as selected with learnerNameColumns (middle name optional). */
export interface LearnerNames {
  firstName: string;
  middleName: string | null;
  lastName: string;
}

/** A learner's id, admission number and names (students), in that order. */
export const learnerIdentityColumns = {
  id: students.id,
  admissionNumber: students.admissionNumber,
  ...learnerNameColumns,
};

/** A learner as selected with learnerIdentityColumns. */
export interface LearnerIdentity extends LearnerNames {
  id: string;
  admissionNumber: string;
}
