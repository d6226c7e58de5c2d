import { count, eq, sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import type { Db } from '../db/client.js';
import { withSystem, type Tx } from '../db/tenant.js';
import {
  academicYears,
  admissionSequences,
  classes,
  departmentMembers,
  departments,
  guardians,
  levels,
  schools,
  studentEnrolments,
  studentGuardians,
  students,
  subjects,
  teacherAssignments,
  terms,
} from '../db/schema/index.js';
import { admissionSequenceKey, formatAdmissionNumber } from '../../shared/admission-number.js';
import { insertAccount } from '../modules/auth/accounts.repository.js';
import { CBC_LEVELS, CBC_SUBJECTS, DEPARTMENTS, IGCSE_LEVELS, IGCSE_SUBJECTS, type LevelDef, type SubjectDef } from './curricula.js';
import { atNairobi, demoCalendar, kenyanTerms, type DemoCalendar, type DemoTerm } from './demo-calendar.js';
import { addDays } from '../../shared/dates.js';
import { createRandom, FEMALE_NAMES, MALE_NAMES, SURNAMES } from './names.js';
import { seedFees } from './fees.js';
import { seedVoteHeads } from './vote-heads.js';
import { seedCapitation } from './capitation.js';
import { seedAssessment } from './assessment.js';
import { freezeSchoolResults } from '../modules/assessment/index.js';
import { seedAttendance } from './attendance.js';
import { seedHr } from './hr.js';
import { seedFinanceOffice } from './finance-office.js';
import { seedTimetable } from './timetable.js';
import { seedAnnouncements, type CommunicationSeedPlan } from './announcements.js';
import { seedConversations } from './conversations.js';
import { seedSupport } from './support.js';
import { seedConsents } from './consents.js';
import { seedBankStatements } from './bank-statements.js';
import { seedMinistry } from './ministry.js';
import { seedKnec } from './knec.js';
import { seedCompany } from './company.js';
import { seedBilling } from './billing.js';
import { seedProjectHub } from './project-hub.js';
import { seedPlatformActivity } from './platform-activity.js';
import { seedSecurity } from './security.js';
import { DEMO_PASSWORD } from './demo-accounts.js';

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts.js';

interface SchoolPlan {
  code: 'greenhill' | 'riverside';
  name: string;
  curriculum: 'CBC' | 'IGCSE';
  address: string;
  county: string;
  phone: string;
  email: string;
  motto: string;
  levels: LevelDef[];
  subjects: Record<string, SubjectDef[]>;
  streams: [string, string];
  admissionPrefix: string;
  /** Grade levels of the demo parent's two children. */
  parentChildren: [string, string];
  /** Class the demo teacher leads. */
  teacherClass: string;
  /** Relationship of the demo parent to the children. */
  parentRelationship: 'father' | 'mother';
  people: Record<'director' | 'principal' | 'teacher' | 'parent' | 'finance' | 'hr', [string, string]>;
}

const PLANS: SchoolPlan[] = [
  {
    code: 'greenhill',
    name: 'Greenhill Academy',
    curriculum: 'CBC',
    address: 'Ngong Road, P.O. Box 24510-00502, Nairobi',
    county: 'Nairobi',
    phone: '254722410330',
    email: 'info@greenhill.edufam.test',
    motto: 'Nurturing Every Learner',
    levels: CBC_LEVELS,
    subjects: CBC_SUBJECTS,
    streams: ['East', 'West'],
    admissionPrefix: 'GHA',
    parentChildren: ['Grade 7', 'Grade 4'],
    teacherClass: 'Grade 7',
    parentRelationship: 'father',
    people: {
      director: ['Margaret Wambui Kariuki', '254722100200'],
      principal: ['Joseph Otieno Odhiambo', '254733210311'],
      teacher: ['Grace Achieng Owino', '254711320422'],
      parent: ['Peter Mwangi Kamau', '254720430533'],
      finance: ['Lucy Njeri Maina', '254701540644'],
      hr: ['Daniel Kiprono Rotich', '254712650755'],
    },
  },
  {
    code: 'riverside',
    name: 'Riverside International School',
    curriculum: 'IGCSE',
    address: 'Riverside Drive, P.O. Box 40312-00100, Nairobi',
    county: 'Nairobi',
    phone: '254202715500',
    email: 'admissions@riverside.edufam.test',
    motto: 'Excellence with Integrity',
    levels: IGCSE_LEVELS,
    subjects: IGCSE_SUBJECTS,
    streams: ['Blue', 'Green'],
    admissionPrefix: 'RIS',
    parentChildren: ['Year 10', 'Year 7'],
    teacherClass: 'Year 9',
    parentRelationship: 'mother',
    people: {
      director: ['Amina Hassan Mohamed', '254722860966'],
      principal: ['Catherine Wanjiru Gitau', '254733971077'],
      teacher: ['Samuel Kibet Langat', '254711082188'],
      parent: ['Esther Nafula Wekesa', '254720193299'],
      finance: ['Collins Ochieng Onyango', '254701204300'],
      hr: ['Faith Mwende Mutua', '254712315411'],
    },
  },
];

const LEARNERS_PER_STREAM = 25;

/** True when the database holds no school yet (the seed runs only then). */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await withSystem(db, (tx) => tx.select({ n: count() }).from(schools));
  return Number(row?.n ?? 0) === 0;
}

/**
 * Seeds the two demo schools and every demo account in one transaction (all or nothing). Data is
 * deterministic. Returns the accounts created.
 */
/**
 * Seeds the demo (README "Demo accounts"): the platform's accounts, two schools with a school year built
 * around `opts.today` (default: today in Africa/Nairobi, or EDUFAM_DEMO_DATE; see demo-calendar.ts),
 * and the platform's own business. Returns how many accounts and learners were made.
 * `opts.learnersPerStream` (default 25, ±2 per stream) sizes the schools: the national-scale bench
 * (bench/scale.ts) seeds 50 so each demo school holds ~800 learners before it is cloned.
 */
export async function seedDemo(db: Db, opts: { today?: string; learnersPerStream?: number } = {}): Promise<{ accounts: number; learners: number }> {
  const cal = demoCalendar(opts.today);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const made = await withSystem(db, async (tx) => {
    await insertAccount(tx, { email: 'admin@edufam.test', name: 'Wanjiku Admin Njoroge', role: 'edufam_admin', schoolId: null, passwordHash, phone: '254700111222' });
    await insertAccount(tx, { email: 'elimisha@edufam.test', name: 'Brian Elimisha Ochieng', role: 'elimisha_admin', schoolId: null, passwordHash, phone: '254700333444' });
    let learners = 0;
    let accountsMade = 2;
    for (const [i, plan] of PLANS.entries()) {
      const made = await seedSchool(tx, plan, passwordHash, 1000 + i * 7919, cal, opts.learnersPerStream ?? LEARNERS_PER_STREAM);
      learners += made.learners;
      accountsMade += made.accounts;
    }
    // Issue 18: the platform's own business (company first: invoices print its details).
    await seedCompany(tx);
    await seedSecurity(tx);
    await seedBilling(tx, cal);
    await seedProjectHub(tx, cal);
    await seedPlatformActivity(tx);
    return { accounts: accountsMade, learners };
  });
  // Fresh statistics for the planner (PGlite runs no autovacuum; see Database.analyze).
  await db.execute(sql`analyze`);
  return made;
}

/** Years the demo learners have been at the school: most joined at the school's first level. */
function yearsAtSchool(rnd: ReturnType<typeof createRandom>, levelIndex: number): number {
  const r = rnd.next();
  const late = r < 0.7 ? 0 : r < 0.9 ? 1 : 2;
  return Math.max(0, levelIndex - late);
}

/**
 * Kenyan mobile prefixes (after 254) that demo phone numbers use: Safaricom 70x–72x, 74x, 757–759,
 * 768–769, 79x and 110–115; Airtel 73x, 750–756, 785–789 and 100–102 (Communications Authority of
 * Kenya numbering plan), so every number reads as a real Kenyan mobile.
 */
const MOBILE_PREFIXES = ['701', '708', '710', '711', '712', '713', '715', '717', '720', '721', '722', '723', '724', '725', '726', '727', '728', '729', '733', '734', '735', '736', '740', '741', '742', '743', '745', '746', '748', '750', '752', '757', '758', '759', '768', '769', '780', '785', '790', '791', '792', '793', '794', '795', '796', '797', '798', '799', '110', '111', '112', '113', '114', '115', '100', '101', '102'];

const MEDICAL_NOTES = ['Asthma: inhaler kept in the school bag.', 'Allergic to groundnuts.', 'Wears spectacles; sits near the board.', 'Sickle-cell trait: plenty of water on games days.'];
const SPECIAL_NEEDS = ['Dyslexia: extra time in written assessments.', 'Mild hearing loss in the left ear; front-row seat.'];
const OCCUPATIONS = ['Teacher', 'Nurse', 'Farmer', 'Accountant', 'Boda boda rider', 'Civil servant', 'Engineer', 'Trader', 'Driver', 'Doctor'];

async function seedSchool(tx: Tx, plan: SchoolPlan, passwordHash: string, seed: number, cal: DemoCalendar, learnersPerStream: number) {
  const rnd = createRandom(seed);
  const [school] = await tx
    .insert(schools)
    .values({
      name: plan.name,
      code: plan.code,
      curriculum: plan.curriculum,
      curricula: [plan.curriculum],
      admissionNumberPattern: `${plan.admissionPrefix}/{YYYY}/{SEQ:4}`,
      address: plan.address,
      county: plan.county,
      phone: plan.phone,
      email: plan.email,
      motto: plan.motto,
    })
    .returning();
  const schoolId = school!.id;
  const pattern = school!.admissionNumberPattern;
  const domain = `${plan.code}.edufam.test`;
  const account = (who: keyof SchoolPlan['people'], role: string) =>
    insertAccount(tx, { email: `${who}@${domain}`, name: plan.people[who][0], role, schoolId, passwordHash, phone: plan.people[who][1] });

  const directorId = await account('director', 'school_director');
  const principalId = await account('principal', 'principal');
  const demoTeacherId = await account('teacher', 'teacher');
  const parentId = await account('parent', 'parent');
  const financeOfficerId = await account('finance', 'finance_officer');
  const hrId = await account('hr', 'hr');
  await tx.update(schools).set({ ownerId: directorId, principalId }).where(eq(schools.id, schoolId));
  let accountsMade = 6;

  // Academic years (demo-calendar.ts): last year closed (so class history and promotion have a past)
  // and the current year, in the term that holds today or the holiday after it. In the December
  // holiday next year is not made: the year-end promotion (School Setup) creates it, as a school would.
  const Y = cal.year;
  const termRow = (t: DemoTerm) => ({ number: t.number, name: t.name, startsOn: t.startsOn, endsOn: t.endsOn, halfTermStartsOn: t.halfTermStartsOn, halfTermEndsOn: t.halfTermEndsOn });
  const [historyYear] = await tx
    .insert(academicYears)
    .values({ schoolId, name: String(Y - 1), startsOn: cal.historyTerms[0]!.startsOn, endsOn: cal.historyTerms[2]!.endsOn, isCurrent: false, status: 'closed', closedAt: atNairobi(cal.ref('2025-12-15')) })
    .returning();
  const [year] = await tx
    .insert(academicYears)
    .values({ schoolId, name: String(Y), startsOn: cal.terms[0]!.startsOn, endsOn: cal.terms[2]!.endsOn, isCurrent: true })
    .returning();
  const historyTerms = await tx
    .insert(terms)
    .values(cal.historyTerms.map((t) => ({ ...termRow(t), schoolId, academicYearId: historyYear!.id })))
    .returning({ id: terms.id, number: terms.number });
  // Last year's Term 3: its End of Term series and, in Term 1, its registers.
  const historyTerm3Id = historyTerms.find((t) => t.number === 3)!.id;
  const yearTerms = await tx
    .insert(terms)
    .values(cal.terms.map((t) => ({ ...termRow(t), schoolId, academicYearId: year!.id, isCurrent: t.number === cal.latestTerm.number })))
    .returning({ id: terms.id, number: terms.number, startsOn: terms.startsOn, endsOn: terms.endsOn });

  // Levels, the last one final (its learners leave at promotion).
  const levelRows = await tx
    .insert(levels)
    .values(plan.levels.map((l, i) => ({ schoolId, name: l.gradeLevel, levelOrder: l.levelOrder, band: l.band, curriculum: plan.curriculum, isFinal: i === plan.levels.length - 1 })))
    .returning({ id: levels.id, name: levels.name, levelOrder: levels.levelOrder });
  const levelId = new Map(levelRows.map((r) => [r.name, r.id]));

  // Departments, then learning areas per band tagged with theirs.
  const departmentRows = await tx
    .insert(departments)
    .values(DEPARTMENTS[plan.curriculum].map((d) => ({ schoolId, name: d.name })))
    .returning({ id: departments.id, name: departments.name });
  const departmentOf = (areaName: string) => {
    const def = DEPARTMENTS[plan.curriculum].find((d) => d.areas.some((a) => a === areaName || areaName.startsWith(a)));
    return def ? departmentRows.find((r) => r.name === def.name)!.id : null;
  };
  const subjectIds = new Map<string, { id: string; def: SubjectDef; departmentId: string | null }[]>();
  for (const [band, defs] of Object.entries(plan.subjects)) {
    const rows = await tx
      .insert(subjects)
      .values(
        defs.map((d) => ({
          schoolId,
          band,
          name: d.name,
          code: d.code,
          lessonsPerWeek: d.lessonsPerWeek,
          isCore: d.isCore ?? true,
          curriculum: plan.curriculum,
          departmentId: departmentOf(d.name),
        })),
      )
      .returning({ id: subjects.id, code: subjects.code, departmentId: subjects.departmentId });
    subjectIds.set(
      band,
      rows.map((r) => ({ id: r.id, def: defs.find((d) => d.code === r.code)!, departmentId: r.departmentId })),
    );
  }

  // Teaching staff: one teacher per class (class teacher) plus the demo teacher. Staff accounts share
  // the demo password; only the demo teacher is listed in the README.
  const classRows: { id: string; level: LevelDef; levelIndex: number; stream: string }[] = [];
  const teacherIds: string[] = [];
  const lastYearClass = new Map<string, string>();
  for (const [levelIndex, level] of plan.levels.entries()) {
    for (const [si, stream] of plan.streams.entries()) {
      const isDemoClass = level.gradeLevel === plan.teacherClass && stream === plan.streams[0];
      let classTeacherId = demoTeacherId;
      if (!isDemoClass) {
        const female = rnd.next() < 0.6;
        const first = rnd.pick(female ? FEMALE_NAMES : MALE_NAMES);
        const last = rnd.pick(SURNAMES);
        const n = teacherIds.length + 1;
        classTeacherId = await insertAccount(tx, {
          email: `${first}.${last}.${n}@${domain}`.toLowerCase(),
          name: `${first} ${last}`,
          role: 'teacher',
          schoolId,
          passwordHash,
          phone: `254${rnd.pick(MOBILE_PREFIXES)}${String(rnd.int(0, 999_999)).padStart(6, '0')}`,
        });
        accountsMade++;
      }
      teacherIds.push(classTeacherId);
      const base = {
        schoolId,
        name: `${level.gradeLevel} ${stream}`,
        gradeLevel: level.gradeLevel,
        levelOrder: level.levelOrder,
        stream,
        band: level.band,
        levelId: levelId.get(level.gradeLevel)!,
        classTeacherId,
        homeRoom: `${level.band === 'Pre-Primary' ? 'ECDE Block' : levelIndex < 5 ? 'Block A' : 'Block B'}, Room ${levelIndex * 2 + si + 1}`,
      };
      const [c] = await tx.insert(classes).values({ ...base, academicYearId: year!.id }).returning({ id: classes.id });
      const [old] = await tx.insert(classes).values({ ...base, academicYearId: historyYear!.id }).returning({ id: classes.id });
      lastYearClass.set(`${levelIndex}:${stream}`, old!.id);
      classRows.push({ id: c!.id, level, levelIndex, stream });
    }
  }

  // Teacher assignments: the class teacher teaches the first learning areas of their class; other
  // areas rotate across the staff. The demo teacher also teaches Mathematics in neighbouring classes.
  const assignments: (typeof teacherAssignments.$inferInsert)[] = [];
  const staff = [...new Set(teacherIds)];
  classRows.forEach((c, ci) => {
    const areas = subjectIds.get(c.level.band) ?? [];
    areas.forEach((a, ai) => {
      const own = ai < 2 || c.level.band === 'Pre-Primary';
      const teacherId = own ? teacherIds[ci]! : staff[(ci * 3 + ai * 5) % staff.length]!;
      assignments.push({ schoolId, classId: c.id, subjectId: a.id, teacherId, lessonsPerWeek: a.def.lessonsPerWeek });
    });
  });
  const demoLevelIndex = plan.levels.findIndex((l) => l.gradeLevel === plan.teacherClass);
  for (const c of classRows.filter((x) => x.levelIndex === demoLevelIndex || x.levelIndex === demoLevelIndex + 1)) {
    const maths = (subjectIds.get(c.level.band) ?? []).find((a) => a.def.name.includes('Mathematics'));
    const slot = assignments.find((x) => x.classId === c.id && x.subjectId === maths?.id);
    if (slot) slot.teacherId = demoTeacherId;
  }
  await tx.insert(teacherAssignments).values(assignments);

  // Department members (teachers of the department's learning areas) and heads: the member who
  // teaches the most lessons of the department, not already heading another one.
  const subjectDepartment = new Map([...subjectIds.values()].flat().map((x) => [x.id, x.departmentId]));
  const load = new Map<string, Map<string, number>>();
  for (const a of assignments) {
    const d = subjectDepartment.get(a.subjectId);
    if (!d) continue;
    if (!load.has(d)) load.set(d, new Map());
    const m = load.get(d)!;
    m.set(a.teacherId, (m.get(a.teacherId) ?? 0) + (a.lessonsPerWeek ?? 0));
  }
  const heads = new Set<string>();
  for (const [departmentId, byTeacher] of load) {
    const ranked = [...byTeacher].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0])).map(([id]) => id);
    await tx.insert(departmentMembers).values(ranked.map((profileId) => ({ schoolId, departmentId, profileId })));
    const head = ranked.find((id) => !heads.has(id)) ?? ranked[0]!;
    heads.add(head);
    await tx.update(departments).set({ headId: head }).where(eq(departments.id, departmentId));
  }

  // Learners, built in memory then written in bulk: admission numbers in the school's pattern by
  // admission year, class history for last year where they were here, guardians with unique phones, and
  // some siblings sharing guardians.
  const usedPhones = new Set<string>(Object.values(plan.people).map((p) => p[1]));
  const newPhone = () => {
    for (;;) {
      const phone = `254${rnd.pick(MOBILE_PREFIXES)}${String(rnd.int(0, 999_999)).padStart(6, '0')}`;
      if (!usedPhones.has(phone)) {
        usedPhones.add(phone);
        return phone;
      }
    }
  };
  interface GuardianDraft {
    key: number;
    name: string;
    phone: string;
    email: string | null;
    idNumber: string | null;
    occupation: string | null;
    profileId?: string;
  }
  interface LearnerDraft {
    row: typeof students.$inferInsert;
    classIndex: number;
    admissionYear: number;
    links: { guardian: number; relationship: string; isPrimary: boolean }[];
  }
  const guardianDrafts: GuardianDraft[] = [];
  const addGuardian = (g: Omit<GuardianDraft, 'key'>) => {
    guardianDrafts.push({ ...g, key: guardianDrafts.length });
    return guardianDrafts.length - 1;
  };
  const parentLastName = plan.people.parent[0].split(' ').at(-1)!;
  const demoParent = addGuardian({ name: plan.people.parent[0], phone: plan.people.parent[1], email: `parent@${domain}`, idNumber: '23456781', occupation: 'Accountant', profileId: parentId });
  const otherParentFirst = plan.parentRelationship === 'father' ? 'Ruth' : 'George';
  const demoOtherParent = addGuardian({ name: `${otherParentFirst} ${parentLastName}`, phone: newPhone(), email: null, idNumber: '24567892', occupation: 'Nurse' });
  const families: { lastName: string; guardian: number; relationship: string }[] = [];

  const drafts: LearnerDraft[] = [];
  for (const [classIndex, c] of classRows.entries()) {
    const count = learnersPerStream + rnd.int(-2, 2);
    const ageAtEntry = c.level.levelOrder + 6;
    for (let k = 0; k < count; k++) {
      const female = rnd.next() < 0.5;
      const isParentChild = k === 0 && c.stream === plan.streams[1] && plan.parentChildren.includes(c.level.gradeLevel);
      const years = isParentChild ? c.levelIndex : yearsAtSchool(rnd, c.levelIndex);
      const admissionYear = Y - years;
      const birthYear = Y - ageAtEntry - (rnd.next() < 0.3 ? 1 : 0);
      // About one learner in eight is a younger sibling of a learner already placed: same surname, same guardian.
      const sibling = !isParentChild && families.length > 10 && rnd.next() < 0.12 ? families[rnd.int(0, families.length - 1)]! : null;
      const lastName = isParentChild ? parentLastName : (sibling?.lastName ?? rnd.pick(SURNAMES));
      let links: LearnerDraft['links'];
      if (isParentChild) {
        links = [
          { guardian: demoParent, relationship: plan.parentRelationship, isPrimary: true },
          { guardian: demoOtherParent, relationship: plan.parentRelationship === 'father' ? 'mother' : 'father', isPrimary: false },
        ];
      } else if (sibling) {
        links = [{ guardian: sibling.guardian, relationship: sibling.relationship, isPrimary: true }];
      } else {
        const gFemale = rnd.next() < 0.55;
        const relationship = rnd.next() < 0.06 ? 'guardian' : gFemale ? 'mother' : 'father';
        const gFirst = rnd.pick(gFemale ? FEMALE_NAMES : MALE_NAMES);
        const g = addGuardian({
          name: `${gFirst} ${lastName}`,
          phone: newPhone(),
          email: rnd.next() < 0.5 ? `${gFirst}.${lastName}${rnd.int(1, 99)}@mail.example`.toLowerCase() : null,
          idNumber: rnd.next() < 0.7 ? String(rnd.int(10_000_000, 39_999_999)) : null,
          occupation: rnd.next() < 0.6 ? rnd.pick(OCCUPATIONS) : null,
        });
        links = [{ guardian: g, relationship, isPrimary: true }];
        families.push({ lastName, guardian: g, relationship });
      }
      const month = rnd.int(1, 12);
      // Some names are both given names and surnames (Kamau, Otieno): a learner is not "Kamau Kamau".
      let firstName = rnd.pick(female ? FEMALE_NAMES : MALE_NAMES);
      while (firstName === lastName) firstName = rnd.pick(female ? FEMALE_NAMES : MALE_NAMES);
      const middleName = rnd.next() < 0.6 ? rnd.pick(female ? FEMALE_NAMES : MALE_NAMES) : null;
      drafts.push({
        classIndex,
        admissionYear,
        links,
        row: {
          schoolId,
          admissionNumber: '',
          firstName,
          middleName: middleName === firstName ? null : middleName,
          lastName,
          gender: female ? 'female' : 'male',
          dateOfBirth: `${birthYear}-${String(month).padStart(2, '0')}-${String(rnd.int(1, 28)).padStart(2, '0')}`,
          classId: c.id,
          upi: `${String.fromCharCode(65 + rnd.int(0, 25))}${String.fromCharCode(65 + rnd.int(0, 25))}${rnd.int(10000, 99999)}`,
          assessmentNumber: plan.curriculum === 'CBC' && c.level.levelOrder >= 3 ? `3${String(rnd.int(100_000_000, 999_999_999))}${rnd.int(0, 9)}` : null,
          birthCertificateNumber: String(rnd.int(100_000_000, 999_999_999)),
          boarding: c.level.levelOrder >= (plan.curriculum === 'CBC' ? 7 : 9) && rnd.next() < (plan.curriculum === 'CBC' ? 0.15 : 0.3) ? 'boarding' : 'day',
          medicalNotes: rnd.next() < 0.05 ? rnd.pick(MEDICAL_NOTES) : null,
          specialNeeds: rnd.next() < 0.02 ? rnd.pick(SPECIAL_NEEDS) : null,
          status: 'active',
          // Admitted in the week before their first term opened (never after today).
          admittedOn: addDays(kenyanTerms(admissionYear)[0]!.startsOn, -rnd.int(1, 5)),
        },
      });
    }
  }
  // Admission numbers by admission year, in the order learners joined (oldest class first).
  const lastSeq = new Map<number, number>();
  for (const d of [...drafts].sort((a, b) => a.admissionYear - b.admissionYear || b.classIndex - a.classIndex)) {
    const seq = (lastSeq.get(d.admissionYear) ?? 0) + 1;
    lastSeq.set(d.admissionYear, seq);
    d.row.admissionNumber = formatAdmissionNumber(pattern, d.admissionYear, seq);
  }
  await tx.insert(admissionSequences).values([...lastSeq].map(([y, v]) => ({ schoolId, prefix: admissionSequenceKey(pattern, y), lastValue: v })));

  const studentIds: string[] = [];
  for (let i = 0; i < drafts.length; i += 500) {
    const rows = await tx.insert(students).values(drafts.slice(i, i + 500).map((d) => d.row)).returning({ id: students.id });
    studentIds.push(...rows.map((r) => r.id));
  }
  const guardianIds: string[] = [];
  for (let i = 0; i < guardianDrafts.length; i += 500) {
    const rows = await tx
      .insert(guardians)
      .values(guardianDrafts.slice(i, i + 500).map(({ key: _k, ...g }) => ({ schoolId, ...g, profileId: g.profileId ?? null })))
      .returning({ id: guardians.id });
    guardianIds.push(...rows.map((r) => r.id));
  }
  const links = drafts.flatMap((d, i) =>
    d.links.map((l) => ({ schoolId, studentId: studentIds[i]!, guardianId: guardianIds[l.guardian]!, relationship: l.relationship, isPrimary: l.isPrimary })),
  );
  for (let i = 0; i < links.length; i += 500) await tx.insert(studentGuardians).values(links.slice(i, i + 500));

  // Class history: this year's stream for everyone, last year's one level lower for those who were here.
  const enrolments: (typeof studentEnrolments.$inferInsert)[] = [];
  drafts.forEach((d, i) => {
    const c = classRows[d.classIndex]!;
    enrolments.push({ schoolId, studentId: studentIds[i]!, academicYearId: year!.id, classId: c.id, startedOn: d.admissionYear === Y ? d.row.admittedOn! : cal.terms[0]!.startsOn });
    const previous = lastYearClass.get(`${c.levelIndex - 1}:${c.stream}`);
    if (d.admissionYear <= Y - 1 && previous) {
      enrolments.push({
        schoolId,
        studentId: studentIds[i]!,
        academicYearId: historyYear!.id,
        classId: previous,
        startedOn: d.admissionYear === Y - 1 ? d.row.admittedOn! : cal.historyTerms[0]!.startsOn,
        endedOn: cal.historyTerms[2]!.endsOn,
        outcome: 'promoted',
      });
    }
  });
  for (let i = 0; i < enrolments.length; i += 500) await tx.insert(studentEnrolments).values(enrolments.slice(i, i + 500));

  await seedFees(
    tx,
    {
      schoolId,
      curriculum: plan.curriculum,
      terms: yearTerms,
      cal,
      levels: levelRows,
      learners: drafts.map((d, i) => {
        const c = classRows[d.classIndex]!;
        return {
          id: studentIds[i]!,
          classId: c.id,
          levelName: c.level.gradeLevel,
          levelOrder: c.level.levelOrder,
          boarding: d.row.boarding ?? 'day',
          admissionNumber: d.row.admissionNumber,
          firstName: d.row.firstName,
          lastName: d.row.lastName,
          guardianPhone: guardianDrafts[d.links[0]!.guardian]!.phone,
          guardianName: guardianDrafts[d.links[0]!.guardian]!.name,
        };
      }),
      financeOfficerId,
      principalId,
      mpesa: plan.code === 'greenhill' ? { shortcode: '174379', type: 'paybill', tillNumber: null } : { shortcode: '600980', type: 'till', tillNumber: '5081342' },
    },
    rnd,
  );
  // Issue 35 §3: the Ministry's capitation grants of the year so far, the latest term's short.
  await seedCapitation(tx, { schoolId, financeOfficerId, cal });

  await seedAssessment(
    tx,
    {
      schoolId,
      principalId,
      demoTeacherId,
      terms: yearTerms,
      levels: plan.levels.map((l) => ({ id: levelId.get(l.gradeLevel)!, name: l.gradeLevel, band: l.band })),
      classes: classRows.map((c) => ({ id: c.id, levelId: levelId.get(c.level.gradeLevel)!, band: c.level.band, name: `${c.level.gradeLevel} ${c.stream}` })),
      subjectsByBand: new Map([...subjectIds.entries()].map(([band, list]) => [band, list.map((x) => ({ id: x.id, name: x.def.name }))])),
      learners: drafts.map((d, i) => ({ id: studentIds[i]!, classId: classRows[d.classIndex]!.id })),
      assignments: assignments.map((a) => ({ classId: a.classId, subjectId: a.subjectId, teacherId: a.teacherId })),
      midTermLevels: plan.code === 'greenhill' ? ['Grade 7', 'Grade 8', 'Grade 9'] : ['Year 9', 'Year 10', 'Year 11'],
      cal,
      history: {
        term3Id: historyTerm3Id,
        classes: classRows.flatMap((c) => {
          const id = lastYearClass.get(`${c.levelIndex}:${c.stream}`);
          return id ? [{ id, levelId: levelId.get(c.level.gradeLevel)!, band: c.level.band, name: `${c.level.gradeLevel} ${c.stream}` }] : [];
        }),
        learners: enrolments.filter((e) => e.academicYearId === historyYear!.id).map((e) => ({ id: e.studentId, classId: e.classId })),
      },
    },
    seed + 101,
  );
  // Issue 37 §1: the released series' results stored, as releasing a series in the app does.
  await freezeSchoolResults(tx, schoolId);

  await seedAttendance(
    tx,
    {
      schoolId,
      code: plan.code,
      terms: yearTerms.map((t) => ({ ...cal.terms.find((x) => x.number === t.number)!, id: t.id })),
      cal,
      classes: classRows.map((c, ci) => ({ id: c.id, name: `${c.level.gradeLevel} ${c.stream}`, classTeacherId: teacherIds[ci]! })),
      learners: drafts.map((d, i) => ({ id: studentIds[i]!, classId: classRows[d.classIndex]!.id })),
      demoTeacherId,
      parentChildIds: drafts.flatMap((d, i) => (d.links.some((l) => l.guardian === demoParent) ? [studentIds[i]!] : [])),
      // Last year's Term 3 in last year's streams, registered too while the latest term is Term 1.
      history: {
        term: { ...cal.historyTerms[2]!, id: historyTerm3Id },
        classes: classRows.flatMap((c, ci) => {
          const id = lastYearClass.get(`${c.levelIndex}:${c.stream}`);
          return id ? [{ id, name: `${c.level.gradeLevel} ${c.stream}`, classTeacherId: teacherIds[ci]! }] : [];
        }),
        learners: enrolments.filter((e) => e.academicYearId === historyYear!.id).map((e) => ({ id: e.studentId, classId: e.classId })),
      },
      // The demo teacher's stream and two others wait to be marked on the latest school day.
      unmarkedOnLatestDay: plan.code === 'greenhill' ? [`${plan.teacherClass} ${plan.streams[0]}`, 'Grade 3 West', 'PP2 East'] : [],
    },
    seed + 211,
  );

  await seedHr(tx, { schoolId, code: plan.code as 'greenhill' | 'riverside', staffPrefix: plan.admissionPrefix, demoTeacherId, principalId, hrProfileId: hrId, cal }, seed + 307);

  await seedFinanceOffice(
    tx,
    {
      schoolId,
      code: plan.code as 'greenhill' | 'riverside',
      financeOfficerId,
      principalId,
      directorId,
      learners: drafts.map((d, i) => ({ id: studentIds[i]!, classId: classRows[d.classIndex]!.id })),
      parentChildIds: drafts.flatMap((d, i) => (d.links.some((l) => l.guardian === demoParent) ? [studentIds[i]!] : [])),
      cal,
    },
    seed + 401,
  );

  // Issue 35 §3: vote heads, fee items, invoice lines and expense categories mapped, seeded payments allocated.
  await seedVoteHeads(tx, { schoolId });

  await seedTimetable(tx, { schoolId, code: plan.code as 'greenhill' | 'riverside', principalId, demoTeacherId }, seed + 503);

  // Issue 17: school communication.
  const communicationPlan: CommunicationSeedPlan = {
    schoolId,
    code: plan.code as 'greenhill' | 'riverside',
    principalId,
    directorId,
    financeOfficerId,
    hrId,
    demoTeacherId,
    parentId,
    parentChildIds: drafts.flatMap((d, i) => (d.links.some((l) => l.guardian === demoParent) ? [studentIds[i]!] : [])),
    cal,
  };
  await seedAnnouncements(tx, communicationPlan, seed + 601);
  await seedConversations(tx, communicationPlan, seed + 607);
  await seedSupport(tx, communicationPlan, seed + 613);

  // Issue 35 §1: the Ministry's institution fields and the learners' KEMIS fields (some missing, some awaiting UPI).
  await seedMinistry(tx, {
    schoolId,
    code: plan.code,
    learners: drafts.map((d, i) => ({ id: studentIds[i]!, levelOrder: classRows[d.classIndex]!.level.levelOrder, lowest: classRows[d.classIndex]!.levelIndex === 0, keep: d.links.some((l) => l.guardian === demoParent) })),
    guardianIds,
  }, seed + 701);

  // Issue 35 §5: consent asked at admission; a photos refusal, and two SMS withdrawals at Riverside.
  await seedConsents(tx, {
    schoolId,
    principalId,
    cal,
    learners: drafts.map((d, i) => ({ id: studentIds[i]!, admittedOn: d.row.admittedOn!, guardianIds: [...d.links].sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary)).map((l) => guardianIds[l.guardian]!) })),
    keep: [guardianIds[demoParent]!, guardianIds[demoOtherParent]!],
    withdrawSms: plan.code === 'riverside',
  });

  // Issue 35 §4: Greenhill's bank account for the sample statement import.
  await seedBankStatements(tx, { schoolId, code: plan.code, financeOfficerId });

  // Issue 35 §2: a few junior-school learners without a KNEC assessment number (the SBA export lists them).
  await seedKnec(tx, { learners: drafts.map((d, i) => ({ id: studentIds[i]!, level: classRows[d.classIndex]!.level.gradeLevel, keep: d.links.some((l) => l.guardian === demoParent) })) });

  return { learners: drafts.length, accounts: accountsMade };
}
