import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { createdAt, requiredRef, timestamps, updatedAt } from './columns.js';

/** A school (tenant). Row-level security: visible to its own users and to platform admins. */
export const schools = pgTable(
  'schools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Short code used in e-mail domains and reports, e.g. "greenhill". */
    code: text('code').notNull().unique(),
    curriculum: text('curriculum').notNull(),
    address: text('address'),
    county: text('county'),
    phone: text('phone'),
    email: text('email'),
    logoUrl: text('logo_url'),
    motto: text('motto'),
    /**
     * Curricula the school offers (a school may run CBC and IGCSE side by side); `curriculum` is the
     * main one and always among them.
     */
    curricula: text('curricula').array().notNull().default(sql`'{}'::text[]`),
    /**
     * Pattern of new admission numbers (issue 10 §1), e.g. "GHA/{YYYY}/{SEQ:4}": {YYYY} the admission
     * year, {YY} its last two digits, {SEQ:n} the next number zero-padded to n digits (counted per
     * pattern prefix, see admission_sequences).
     */
    admissionNumberPattern: text('admission_number_pattern').notNull().default('{YYYY}/{SEQ:4}'),
    /*
     * The Ministry's institution fields (issue 35 §1; KEMIS/NEMIS institution record), all optional:
     * KNEC centre code, TSC code, Ministry registration number, KRA PIN, county and sub-county with
     * their official codes (county 001-047), ward, education zone and cluster, day/boarding/mixed and the
     * levels offered (pre_primary | primary | junior | senior).
     */
    knecCode: text('knec_code'),
    tscCode: text('tsc_code'),
    registrationNumber: text('registration_number'),
    kraPin: text('kra_pin'),
    countyCode: text('county_code'),
    subCounty: text('sub_county'),
    subCountyCode: text('sub_county_code'),
    ward: text('ward'),
    zone: text('zone'),
    cluster: text('cluster'),
    /** day | boarding | mixed (day and boarding) */
    boardingType: text('boarding_type'),
    levelsOffered: text('levels_offered').array().notNull().default(sql`'{}'::text[]`),
    /**
     * The language the school writes in by default (issue 36 §1): what a guardian with no language of
     * their own receives (SMS, e-mail, PDFs printed for them). 'en' | 'sw'.
     */
    defaultLocale: text('default_locale').notNull().default('en'),
    ownerId: uuid('owner_id'),
    principalId: uuid('principal_id'),
    status: text('status').notNull().default('active'),
    ...timestamps,
  },
  (t) => [
    check('schools_curriculum_check', sql`${t.curriculum} in ('CBC', 'IGCSE', '8-4-4')`),
    check('schools_status_check', sql`${t.status} in ('active', 'inactive')`),
    check('schools_boarding_type_check', sql`${t.boardingType} in ('day', 'boarding', 'mixed')`),
    check('schools_default_locale_check', sql`${t.defaultLocale} in ('en', 'sw')`),
  ],
);

export interface DashboardPreferences {
  compactMode: boolean;
  defaultView: 'dashboard' | 'analytics' | 'overview';
}

/** Profile of a signed-in person (spec §3 Profile). Admin profiles have no school. */
export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull().unique(),
    role: text('role'),
    name: text('name').notNull(),
    schoolId: uuid('school_id').references(() => schools.id),
    avatarUrl: text('avatar_url'),
    phone: text('phone'),
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    status: text('status').notNull().default('active'),
    themePreference: text('theme_preference').notNull().default('system'),
    /** The language of the person's screens, e-mails and notifications (issue 36 §1): 'en' | 'sw'. */
    locale: text('locale').notNull().default('en'),
    dashboardPreferences: jsonb('dashboard_preferences')
      .$type<DashboardPreferences>()
      .notNull()
      .default({ compactMode: false, defaultView: 'dashboard' }),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: text('last_login_ip'),
    ...timestamps,
  },
  (t) => [
    index('profiles_school_role_idx').on(t.schoolId, t.role),
    // Users management list (GET /api/users): newest first, per school and platform-wide. The id
    // breaks ties (seeded accounts share one created_at). Search indexes: drizzle/0002_users_indexes.sql.
    index('profiles_school_created_idx').on(t.schoolId, t.createdAt.desc(), t.id),
    index('profiles_created_idx').on(t.createdAt.desc(), t.id),
    check('profiles_status_check', sql`${t.status} in ('active', 'inactive', 'suspended')`),
    check('profiles_theme_check', sql`${t.themePreference} in ('light', 'dark', 'system')`),
    check('profiles_locale_check', sql`${t.locale} in ('en', 'sw')`),
  ],
);

/** School year, e.g. "2026" (dates are calendar dates in Africa/Nairobi). */
export const academicYears = pgTable(
  'academic_years',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: requiredRef('school_id', () => schools.id),
    name: text('name').notNull(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    isCurrent: boolean('is_current').notNull().default(false),
    /** open | closed. A closed year is read-only history (no admissions or stream changes into it). */
    status: text('status').notNull().default('open'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('academic_years_school_name_uq').on(t.schoolId, t.name),
    // At most one current year per school.
    uniqueIndex('academic_years_one_current_uq').on(t.schoolId).where(sql`${t.isCurrent}`),
    check('academic_years_status_check', sql`${t.status} in ('open', 'closed')`),
    check('academic_years_dates_check', sql`${t.endsOn} >= ${t.startsOn}`),
  ],
);

/** A term of an academic year (2026 Ministry calendar: three terms with half-terms). */
export const terms = pgTable(
  'terms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: requiredRef('school_id', () => schools.id),
    academicYearId: requiredRef('academic_year_id', () => academicYears.id),
    name: text('name').notNull(),
    number: integer('number').notNull(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    halfTermStartsOn: date('half_term_starts_on'),
    halfTermEndsOn: date('half_term_ends_on'),
    /** The school's current term (at most one per school). */
    isCurrent: boolean('is_current').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('terms_year_number_uq').on(t.academicYearId, t.number),
    index('terms_school_idx').on(t.schoolId),
    uniqueIndex('terms_one_current_uq').on(t.schoolId).where(sql`${t.isCurrent}`),
    check('terms_dates_check', sql`${t.endsOn} >= ${t.startsOn}`),
  ],
);

/** A terms row as stored (dates 'YYYY-MM-DD'). */
export type TermRow = typeof terms.$inferSelect;

/**
 * A grade level the school teaches (PP1 ... Grade 9, Form 1 ... Form 4, Year 7 ... Year 11), in the
 * curriculum it belongs to. level_order sorts levels and gives promotion its direction; is_final marks
 * the level whose learners leave the school at promotion (Grade 9 completes junior school; Form 4 and
 * Year 11 leave as alumni).
 */
export const levels = pgTable(
  'levels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: requiredRef('school_id', () => schools.id),
    name: text('name').notNull(),
    levelOrder: integer('level_order').notNull(),
    /** Curriculum band, e.g. "Junior School"; learning areas are offered per band. */
    band: text('band').notNull(),
    curriculum: text('curriculum').notNull(),
    isFinal: boolean('is_final').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('levels_school_name_uq').on(t.schoolId, t.name),
    index('levels_school_order_idx').on(t.schoolId, t.levelOrder),
    check('levels_curriculum_check', sql`${t.curriculum} in ('CBC', 'IGCSE', '8-4-4')`),
  ],
);

/** A levels row as stored. */
export type LevelRow = typeof levels.$inferSelect;

/**
 * A class: one stream of a grade level in an academic year, e.g. "Grade 7 East" or "Year 10 Blue".
 * level_order sorts grade levels (PP1 = -1, PP2 = 0, Grade 1 = 1 ...; Year 7 = 7 ...).
 */
export const classes = pgTable(
  'classes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: requiredRef('school_id', () => schools.id),
    academicYearId: requiredRef('academic_year_id', () => academicYears.id),
    name: text('name').notNull(),
    gradeLevel: text('grade_level').notNull(),
    levelOrder: integer('level_order').notNull(),
    stream: text('stream').notNull(),
    /** Curriculum band, e.g. "Lower Primary", "Junior School", "IGCSE". */
    band: text('band').notNull(),
    levelId: uuid('level_id').references(() => levels.id),
    classTeacherId: uuid('class_teacher_id').references(() => profiles.id),
    capacity: integer('capacity').notNull().default(45),
    homeRoom: text('home_room'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('classes_year_grade_stream_uq').on(t.academicYearId, t.gradeLevel, t.stream),
    index('classes_school_idx').on(t.schoolId),
    index('classes_year_idx').on(t.academicYearId, t.levelOrder),
    check('classes_capacity_check', sql`${t.capacity} > 0`),
  ],
);

/** A classes (stream) row as stored. */
export type ClassRow = typeof classes.$inferSelect;
/** The columns of a new stream. */
export type NewClass = typeof classes.$inferInsert;

/** A learning area (CBC) or subject (IGCSE, 8-4-4), offered in one curriculum band. */
export const subjects = pgTable(
  'subjects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: requiredRef('school_id', () => schools.id),
    name: text('name').notNull(),
    code: text('code').notNull(),
    band: text('band').notNull(),
    lessonsPerWeek: integer('lessons_per_week').notNull(),
    isCore: boolean('is_core').notNull().default(true),
    curriculum: text('curriculum'),
    departmentId: uuid('department_id'),
    /** Retired learning areas stay on old records but are not offered or assigned any more. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('subjects_school_band_code_uq').on(t.schoolId, t.band, t.code)],
);

/** Which teacher teaches which learning area in which class. */
export const teacherAssignments = pgTable(
  'teacher_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: requiredRef('school_id', () => schools.id),
    teacherId: requiredRef('teacher_id', () => profiles.id),
    classId: requiredRef('class_id', () => classes.id),
    subjectId: requiredRef('subject_id', () => subjects.id),
    /** Lessons of this subject per week in this stream (the timetable places these). */
    lessonsPerWeek: integer('lessons_per_week').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('teacher_assignments_class_subject_uq').on(t.classId, t.subjectId),
    index('teacher_assignments_teacher_idx').on(t.teacherId),
  ],
);

/** A learner. The UPI (KEMIS) is opaque and stored as given. */
export const students = pgTable(
  'students',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: requiredRef('school_id', () => schools.id),
    admissionNumber: text('admission_number').notNull(),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    lastName: text('last_name').notNull(),
    gender: text('gender').notNull(),
    dateOfBirth: date('date_of_birth'),
    classId: uuid('class_id').references(() => classes.id),
    upi: text('upi'),
    /** KNEC assessment number (CBC, from Grade 3); opaque. */
    assessmentNumber: text('assessment_number'),
    birthCertificateNumber: text('birth_certificate_number'),
    /** day | boarding */
    boarding: text('boarding').notNull().default('day'),
    previousSchool: text('previous_school'),
    previousUpi: text('previous_upi'),
    medicalNotes: text('medical_notes'),
    specialNeeds: text('special_needs'),
    /*
     * What KEMIS asks that the record lacked (issue 35 §1), all optional: nationality (ISO 3166-1
     * alpha-2, "KE"), county and sub-county of residence (official codes), the Ministry's disability /
     * special-needs category codes, a medical condition, the SHA (formerly NHIF) number, and the KCPE or
     * KPSEA index number the learner sat under.
     */
    nationality: text('nationality'),
    residenceCountyCode: text('residence_county_code'),
    residenceSubCounty: text('residence_sub_county'),
    specialNeedsCodes: text('special_needs_codes').array().notNull().default(sql`'{}'::text[]`),
    medicalCondition: text('medical_condition'),
    shaNumber: text('sha_number'),
    kcpeIndexNumber: text('kcpe_index_number'),
    kpseaIndexNumber: text('kpsea_index_number'),
    photoFileId: uuid('photo_file_id'),
    status: text('status').notNull().default('active'),
    admittedOn: date('admitted_on'),
    /** When and why the learner left (transfer out, exit, completion); null while active. */
    leftOn: date('left_on'),
    leavingReason: text('leaving_reason'),
    /**
     * Lower-case haystack for the register's search: names, admission number, UPI, assessment and
     * birth-certificate numbers. Maintained by a trigger (drizzle/0004_learners.sql).
     */
    searchText: text('search_text').notNull().default(''),
    /**
     * The admission number with case, spaces and punctuation removed ("GHA/2026/0042" → "GHA20260042"):
     * what paybill payers type is matched against it (issue 11, mpesa/apply.service.ts). A plain column,
     * so its index is usable under row-level security (an expression index is not).
     */
    accountKey: text('account_key').generatedAlwaysAs(sql`regexp_replace(upper(admission_number), '[^A-Z0-9]', '', 'g')`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('students_school_admission_uq').on(t.schoolId, t.admissionNumber),
    index('students_class_idx').on(t.classId),
    index('students_school_status_name_idx').on(t.schoolId, t.status, t.lastName, t.firstName, t.id),
    index('students_account_key_idx').on(t.schoolId, t.accountKey),
    index('students_upi_idx').on(t.schoolId, t.upi),
    index('students_birth_certificate_idx').on(t.schoolId, t.birthCertificateNumber),
    check('students_gender_check', sql`${t.gender} in ('female', 'male')`),
    check('students_status_check', sql`${t.status} in ('active', 'transferred', 'graduated', 'exited')`),
    check('students_boarding_check', sql`${t.boarding} in ('day', 'boarding')`),
  ],
);

/** A students row as stored. */
export type StudentRow = typeof students.$inferSelect;
/** The columns of a new students row. */
export type NewStudent = typeof students.$inferInsert;

/** A parent or guardian; profile_id links the person's sign-in account when they have one. */
export const guardians = pgTable(
  'guardians',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: requiredRef('school_id', () => schools.id),
    profileId: uuid('profile_id').references(() => profiles.id),
    name: text('name').notNull(),
    /**
     * Normalised to 2547XXXXXXXX / 2541XXXXXXXX (domain/identifiers.md). Unique in the school: a
     * guardian known by phone is linked to another child, not duplicated (siblings share a parent).
     */
    phone: text('phone').notNull(),
    email: text('email'),
    idNumber: text('id_number'),
    occupation: text('occupation'),
    /**
     * The language SMS, e-mails and PDFs for this guardian are written in (issue 36 §1): 'en' | 'sw';
     * null follows the school's default_locale.
     */
    preferredLanguage: text('preferred_language'),
    /**
     * Issue 36 §5: when the guardian opted out of non-essential SMS (announcements, fee reminders) by
     * replying STOP or by the school's switch; null: they get them. Receipts and absence alerts still go.
     */
    smsOptOutAt: timestamp('sms_opt_out_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('guardians_preferred_language_check', sql`${t.preferredLanguage} in ('en', 'sw')`),
    uniqueIndex('guardians_school_phone_uq').on(t.schoolId, t.phone),
    index('guardians_profile_idx').on(t.profileId),
  ],
);

/** Parent-to-child link. */
export const studentGuardians = pgTable(
  'student_guardians',
  {
    schoolId: requiredRef('school_id', () => schools.id),
    studentId: requiredRef('student_id', () => students.id, { onDelete: 'cascade' }),
    guardianId: requiredRef('guardian_id', () => guardians.id, { onDelete: 'cascade' }),
    relationship: text('relationship').notNull(),
    /**
     * The relationship as the school typed it (issue 34: an import's "Grandmother", "Step-father",
     * "SPONSOR"), shown instead of the vocabulary word's label; null shows the label of `relationship`.
     */
    relationshipLabel: text('relationship_label'),
    isPrimary: boolean('is_primary').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.guardianId] }), index('student_guardians_guardian_idx').on(t.guardianId)],
);

/**
 * Audit trail (spec §3 audit_logs and Error audit record). school_id is null for platform actions.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: uuid('school_id').references(() => schools.id),
    action: text('action').notNull(),
    performedByUserId: uuid('performed_by_user_id'),
    performedByRole: text('performed_by_role'),
    targetEntity: text('target_entity'),
    resource: text('resource'),
    success: boolean('success').notNull().default(true),
    errorMessage: text('error_message'),
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
    metadata: jsonb('metadata'),
    ipAddress: text('ip_address'),
    createdAt,
  },
  (t) => [index('audit_logs_school_created_idx').on(t.schoolId, t.createdAt), index('audit_logs_action_idx').on(t.action)],
);

/** Platform settings (spec §3 system_settings), e.g. maintenance_mode. */
export const systemSettings = pgTable('system_settings', {
  settingKey: text('setting_key').primaryKey(),
  settingValue: jsonb('setting_value').notNull(),
  description: text('description'),
  updatedAt,
  updatedBy: uuid('updated_by'),
});
