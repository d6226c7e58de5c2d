/**
 * The register's form rules: an edit sends only what changed (the audit trail records every sent
 * field), server errors land on their fields, known guardians' children read naturally, the class
 * picker groups streams by level, and each role gets its register powers.
 */
import { describe, expect, it } from 'vitest';
import type { ClassItem } from '@shared/contracts/classes';
import { guardianInputSchema, updateStudentBody, type StudentDetail, type StudentGuardian } from '@shared/contracts/learners';
import { admissionField, changedGuardianFields, changedLearnerFields, childrenList, groupByLevel, learnerFormValues } from './learner-forms';
import { registerModeFor } from './components/register-mode';

const learner: StudentDetail = {
  id: '0b6f1c1e-0000-4000-8000-000000000001',
  admissionNumber: 'GHA/2023/0004',
  firstName: 'Kamau',
  middleName: 'Baraka',
  lastName: 'Achieng',
  gender: 'male',
  dateOfBirth: '2015-05-21',
  classId: '0b6f1c1e-0000-4000-8000-000000000002',
  className: 'Grade 4 East',
  status: 'active',
  upi: 'XC97057',
  boarding: 'day',
  levelName: 'Grade 4',
  admittedOn: '2023-01-08',
  hasPhoto: false,
  schoolId: '0b6f1c1e-0000-4000-8000-000000000003',
  assessmentNumber: null,
  birthCertificateNumber: '238078981',
  previousSchool: null,
  previousUpi: null,
  medicalNotes: null,
  specialNeeds: null,
  nationality: 'KE',
  residenceCountyCode: '047',
  residenceSubCounty: null,
  specialNeedsCodes: [],
  medicalCondition: null,
  shaNumber: null,
  kcpeIndexNumber: null,
  kpseaIndexNumber: null,
  levelId: null,
  stream: 'East',
  academicYear: '2026',
  leftOn: null,
  leavingReason: null,
  photoUrl: null,
  guardians: [],
  canEdit: true,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

/** The edit form's values for the record, as the dialog starts them, with `patch` applied. */
function edit(patch: Record<string, unknown>) {
  return changedLearnerFields(learner, updateStudentBody.parse({ ...learnerFormValues(learner), ...patch }));
}

describe('changedLearnerFields', () => {
  it('sends nothing when nothing changed (blank optional fields stay null)', () => {
    expect(edit({})).toEqual({});
  });

  it('sends only the changed fields, normalised as the API stores them', () => {
    expect(edit({ middleName: '  Chebet ', previousSchool: "St. Mary's Ng'ang'a" })).toEqual({ middleName: 'Chebet', previousSchool: "St. Mary's Ng'ang'a" });
    expect(edit({ gender: 'F' })).toEqual({ gender: 'female' });
    expect(edit({ upi: '' })).toEqual({ upi: null });
    // KEMIS fields (issue 35 §1): codes normalised, arrays compared by value.
    expect(edit({ nationality: 'ke', specialNeedsCodes: [] })).toEqual({});
    expect(edit({ nationality: 'ug', specialNeedsCodes: ['hearing', 'hearing'] })).toEqual({ nationality: 'UG', specialNeedsCodes: ['hearing'] });
  });

  it('treats the same admission number in another spelling as no change', () => {
    expect(edit({ admissionNumber: ' GHA/2023/0004 ' })).toEqual({});
    expect(edit({ admissionNumber: 'GHA/2023/0099' })).toEqual({ admissionNumber: 'GHA/2023/0099' });
  });

  it('sends a class move', () => {
    expect(edit({ classId: '0b6f1c1e-0000-4000-8000-000000000009' })).toEqual({ classId: '0b6f1c1e-0000-4000-8000-000000000009' });
  });
});

describe('changedGuardianFields', () => {
  const g: StudentGuardian = {
    id: '0b6f1c1e-0000-4000-8000-000000000010',
    name: 'Peter Mwangi Kamau',
    relationship: 'father',
    phone: '254720430533',
    email: 'parent@greenhill.edufam.test',
    isPrimary: true,
    hasAccount: true,
    idNumber: '23456781',
    occupation: 'Accountant',
    preferredLanguage: 'en',
    followsSchoolLanguage: true,
    otherChildren: [],
  };
  const out = (patch: Record<string, unknown>) =>
    guardianInputSchema.parse({ name: g.name, relationship: g.relationship, phone: '+254 720 430 533', email: g.email, isPrimary: true, idNumber: g.idNumber, occupation: g.occupation, ...patch });

  it('sees the stored phone in its displayed form as unchanged', () => {
    expect(changedGuardianFields(g, out({}))).toEqual({});
  });

  it('sends a new phone, a cleared e-mail and a parent-account request', () => {
    expect(changedGuardianFields(g, out({ phone: '0711 222 333', email: '', createAccount: true }))).toEqual({ phone: '0711 222 333', email: null, createAccount: true });
  });

  it('sends the language only when it differs from the guardian’s own choice (null: the school’s default)', () => {
    expect(changedGuardianFields(g, out({ preferredLanguage: null }))).toEqual({});
    expect(changedGuardianFields(g, out({ preferredLanguage: 'sw' }))).toEqual({ preferredLanguage: 'sw' });
    const own = { ...g, preferredLanguage: 'sw' as const, followsSchoolLanguage: false };
    expect(changedGuardianFields(own, out({ preferredLanguage: 'sw' }))).toEqual({});
    expect(changedGuardianFields(own, out({ preferredLanguage: null }))).toEqual({ preferredLanguage: null });
    expect(changedGuardianFields(own, out({}))).toEqual({});
  });
});

describe('admissionField', () => {
  it('maps the API field keys onto the form', () => {
    expect(admissionField('dateOfBirth', 1)).toBe('dateOfBirth');
    expect(admissionField('classId', 1)).toBe('classId');
    expect(admissionField('admissionNumber', 1)).toBe('admissionNumber');
    expect(admissionField('guardians.1.phone', 2)).toBe('guardians.1.phone');
    expect(admissionField('guardians', 1)).toBe('guardians');
    expect(admissionField('guardians.0.preferredLanguage', 1)).toBe('guardians.0.preferredLanguage');
  });

  it('has no field for an unknown key or a guardian the form does not show', () => {
    expect(admissionField('guardians.3.phone', 2)).toBeNull();
    expect(admissionField('schoolId', 1)).toBeNull();
  });
});

describe('childrenList', () => {
  it('lists a known guardian’s children with their classes', () => {
    expect(childrenList([])).toBe('');
    expect(childrenList([{ name: 'Grace Mumbi Kamau', className: 'Grade 4 West' }])).toBe('Grace Mumbi Kamau (Grade 4 West)');
    expect(
      childrenList([
        { name: 'Grace Mumbi Kamau', className: 'Grade 4 West' },
        { name: 'Brian Kamau', className: null },
        { name: 'Zoë Kamau', className: 'PP1 East' },
      ]),
    ).toBe('Grace Mumbi Kamau (Grade 4 West), Brian Kamau and Zoë Kamau (PP1 East)');
  });
});

describe('groupByLevel', () => {
  const c = (name: string, level: string, levelOrder: number, stream: string): ClassItem =>
    ({ id: name, name, level, stream, levelId: level, levelOrder, learnerCount: 0, capacity: 45 }) as ClassItem;
  it('orders levels by their order and streams by name', () => {
    const groups = groupByLevel([c('Grade 1 West', 'Grade 1', 3, 'West'), c('PP1 East', 'PP1', 1, 'East'), c('Grade 1 East', 'Grade 1', 3, 'East')]);
    expect(groups.map((g) => [g.level, g.classes.map((x) => x.name)])).toEqual([
      ['PP1', ['PP1 East']],
      ['Grade 1', ['Grade 1 East', 'Grade 1 West']],
    ]);
  });
});

describe('registerModeFor', () => {
  it('gives each role with the register its powers, and none to parents and HR', () => {
    expect(registerModeFor('principal')).toBe('principal');
    expect(registerModeFor('school_director')).toBe('school_director');
    expect(registerModeFor('teacher')).toBe('teacher');
    expect(registerModeFor('finance_officer')).toBe('finance_officer');
    expect(registerModeFor('edufam_admin')).toBe('platform');
    expect(registerModeFor('elimisha_admin')).toBe('platform');
    expect(registerModeFor('parent')).toBeNull();
    expect(registerModeFor('hr')).toBeNull();
    expect(registerModeFor(null)).toBeNull();
  });
});
