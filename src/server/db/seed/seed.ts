import { count, eq } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import type { Db } from '../client.js';
import { withSystem, type Tx } from '../tenant.js';
import {
  academicYears,
  classes,
  guardians,
  schools,
  studentGuardians,
  students,
  subjects,
  teacherAssignments,
  terms,
} from '../schema/index.js';
import { insertAccount } from '../../modules/auth/accounts.repository.js';
import { CBC_LEVELS, CBC_SUBJECTS, IGCSE_LEVELS, IGCSE_SUBJECTS, TERMS_2026, type LevelDef, type SubjectDef } from './curricula.js';
import { createRandom, FEMALE_NAMES, MALE_NAMES, SURNAMES } from './names.js';

export const DEMO_PASSWORD = 'EduFam2026!';

/** The demo accounts, as the README lists them. */
export const DEMO_ACCOUNTS = [
  { email: 'admin@edufam.test', role: 'edufam_admin', school: null },
  { email: 'elimisha@edufam.test', role: 'elimisha_admin', school: null },
  ...(['greenhill', 'riverside'] as const).flatMap((school) =>
    (['director', 'principal', 'teacher', 'parent', 'finance', 'hr'] as const).map((who) => ({
      email: `${who}@${school}.edufam.test`,
      role: { director: 'school_director', principal: 'principal', teacher: 'teacher', parent: 'parent', finance: 'finance_officer', hr: 'hr' }[who],
      school,
    })),
  ),
] as const;

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
export async function seedDemo(db: Db): Promise<{ accounts: number; learners: number }> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return withSystem(db, async (tx) => {
    await insertAccount(tx, { email: 'admin@edufam.test', name: 'Wanjiku Admin Njoroge', role: 'edufam_admin', schoolId: null, passwordHash, phone: '254700111222' });
    await insertAccount(tx, { email: 'elimisha@edufam.test', name: 'Brian Elimisha Ochieng', role: 'elimisha_admin', schoolId: null, passwordHash, phone: '254700333444' });
    let learners = 0;
    let accountsMade = 2;
    for (const [i, plan] of PLANS.entries()) {
      const made = await seedSchool(tx, plan, passwordHash, 1000 + i * 7919);
      learners += made.learners;
      accountsMade += made.accounts;
    }
    return { accounts: accountsMade, learners };
  });
}

async function seedSchool(tx: Tx, plan: SchoolPlan, passwordHash: string, seed: number) {
  const rnd = createRandom(seed);
  const [school] = await tx
    .insert(schools)
    .values({
      name: plan.name,
      code: plan.code,
      curriculum: plan.curriculum,
      address: plan.address,
      county: plan.county,
      phone: plan.phone,
      email: plan.email,
      motto: plan.motto,
    })
    .returning();
  const schoolId = school!.id;
  const domain = `${plan.code}.edufam.test`;
  const account = (who: keyof SchoolPlan['people'], role: string) =>
    insertAccount(tx, { email: `${who}@${domain}`, name: plan.people[who][0], role, schoolId, passwordHash, phone: plan.people[who][1] });

  const directorId = await account('director', 'school_director');
  const principalId = await account('principal', 'principal');
  const demoTeacherId = await account('teacher', 'teacher');
  const parentId = await account('parent', 'parent');
  await account('finance', 'finance_officer');
  await account('hr', 'hr');
  await tx.update(schools).set({ ownerId: directorId, principalId }).where(eq(schools.id, schoolId));
  let accountsMade = 6;

  const [year] = await tx
    .insert(academicYears)
    .values({ schoolId, name: '2026', startsOn: '2026-01-05', endsOn: '2026-10-23', isCurrent: true })
    .returning();
  await tx.insert(terms).values(TERMS_2026.map((t) => ({ ...t, schoolId, academicYearId: year!.id })));

  // Learning areas per band.
  const subjectIds = new Map<string, { id: string; def: SubjectDef }[]>();
  for (const [band, defs] of Object.entries(plan.subjects)) {
    const rows = await tx
      .insert(subjects)
      .values(defs.map((d) => ({ schoolId, band, name: d.name, code: d.code, lessonsPerWeek: d.lessonsPerWeek, isCore: d.isCore ?? true })))
      .returning({ id: subjects.id, code: subjects.code });
    subjectIds.set(band, rows.map((r) => ({ id: r.id, def: defs.find((d) => d.code === r.code)! })));
  }

  // Teaching staff: one teacher per class (class teacher) plus the demo teacher. Staff accounts share
  // the demo password; only the demo teacher is listed in the README.
  const classRows: { id: string; level: LevelDef; stream: string }[] = [];
  const teacherIds: string[] = [];
  for (const level of plan.levels) {
    for (const stream of plan.streams) {
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
          phone: `2547${String(rnd.int(10_000_000, 99_999_999))}`,
        });
        accountsMade++;
      }
      teacherIds.push(classTeacherId);
      const [c] = await tx
        .insert(classes)
        .values({
          schoolId,
          academicYearId: year!.id,
          name: `${level.gradeLevel} ${stream}`,
          gradeLevel: level.gradeLevel,
          levelOrder: level.levelOrder,
          stream,
          band: level.band,
          classTeacherId,
        })
        .returning({ id: classes.id });
      classRows.push({ id: c!.id, level, stream });
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
      assignments.push({ schoolId, classId: c.id, subjectId: a.id, teacherId });
    });
  });
  const demoLevelIndex = plan.levels.findIndex((l) => l.gradeLevel === plan.teacherClass);
  const demoMaths = classRows.filter((c) => {
    const li = plan.levels.indexOf(c.level);
    return li === demoLevelIndex || li === demoLevelIndex + 1;
  });
  for (const c of demoMaths) {
    const maths = (subjectIds.get(c.level.band) ?? []).find((a) => a.def.name.includes('Mathematics'));
    const slot = assignments.find((x) => x.classId === c.id && x.subjectId === maths?.id);
    if (slot) slot.teacherId = demoTeacherId;
  }
  await tx.insert(teacherAssignments).values(assignments);

  // Learners and their guardians.
  let admission = 1;
  let learners = 0;
  const parentGuardian = await tx
    .insert(guardians)
    .values({ schoolId, profileId: parentId, firstName: plan.people.parent[0].split(' ')[0]!, lastName: plan.people.parent[0].split(' ').at(-1)!, phone: plan.people.parent[1], email: `parent@${domain}` })
    .returning({ id: guardians.id });
  const parentLastName = plan.people.parent[0].split(' ').at(-1)!;
  for (const c of classRows) {
    const studentRows: (typeof students.$inferInsert)[] = [];
    const count = LEARNERS_PER_STREAM + rnd.int(-2, 2);
    const ageAtEntry = c.level.levelOrder + 6;
    for (let k = 0; k < count; k++) {
      const female = rnd.next() < 0.5;
      const isParentChild = k === 0 && c.stream === plan.streams[1] && plan.parentChildren.includes(c.level.gradeLevel);
      const birthYear = 2026 - ageAtEntry - (rnd.next() < 0.3 ? 1 : 0);
      studentRows.push({
        schoolId,
        admissionNumber: `${plan.admissionPrefix}/${String(admission++).padStart(4, '0')}`,
        firstName: rnd.pick(female ? FEMALE_NAMES : MALE_NAMES),
        middleName: rnd.next() < 0.6 ? rnd.pick(female ? FEMALE_NAMES : MALE_NAMES) : null,
        lastName: isParentChild ? parentLastName : rnd.pick(SURNAMES),
        gender: female ? 'female' : 'male',
        dateOfBirth: `${birthYear}-${String(rnd.int(1, 12)).padStart(2, '0')}-${String(rnd.int(1, 28)).padStart(2, '0')}`,
        classId: c.id,
        upi: `${String.fromCharCode(65 + rnd.int(0, 25))}${rnd.int(100000, 999999)}`,
        status: 'active',
        admittedOn: `${2026 - Math.max(0, c.level.levelOrder + 1 - rnd.int(0, 2))}-01-0${rnd.int(5, 9)}`,
      });
    }
    const inserted = await tx.insert(students).values(studentRows).returning({ id: students.id, lastName: students.lastName });
    learners += inserted.length;

    const guardianRows = inserted.map((s) => {
      const female = rnd.next() < 0.55;
      return {
        schoolId,
        firstName: rnd.pick(female ? FEMALE_NAMES : MALE_NAMES),
        lastName: s.lastName,
        phone: `254${rnd.next() < 0.85 ? '7' : '1'}${String(rnd.int(10_000_000, 99_999_999))}`,
        relationship: female ? 'mother' : 'father',
      };
    });
    const gRows = await tx
      .insert(guardians)
      .values(guardianRows.map(({ relationship: _r, ...g }) => g))
      .returning({ id: guardians.id });
    const links = inserted.map((s, idx) => ({ schoolId, studentId: s.id, guardianId: gRows[idx]!.id, relationship: guardianRows[idx]!.relationship, isPrimary: true }));
    const first = inserted[0]!;
    if (c.stream === plan.streams[1] && plan.parentChildren.includes(c.level.gradeLevel)) {
      links.push({ schoolId, studentId: first.id, guardianId: parentGuardian[0]!.id, relationship: plan.parentRelationship, isPrimary: true });
      links[0]!.isPrimary = false;
    }
    await tx.insert(studentGuardians).values(links);
  }
  return { learners, accounts: accountsMade };
}
