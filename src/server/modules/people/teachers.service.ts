import type { Actor } from '../../../shared/access.js';
import type {
  ExportTeachersQuery,
  ListTeachersQuery,
  ListTeachersResponse,
  TeacherDetail,
  TeacherListItem,
} from '../../../shared/contracts/people.js';
import { messages } from '../../../shared/messages.js';
import type { Database } from '../../db/client.js';
import { withScope, type Tx } from '../../db/tenant.js';
import { notFound } from '../../errors.js';
import type { ExportColumn } from '../../lib/spreadsheet.js';
import { audienceScope, learnerAudience } from '../learners/index.js';
import * as repo from './people.repository.js';

const m = messages.people;

/** The school a request reads: the caller's own, or the one platform staff name (null: every school). */
export function schoolOf(actor: Actor, schoolId?: string | null): string | null {
  return learnerAudience(actor, schoolId).schoolId;
}

interface Staff {
  items: TeacherListItem[];
  assignments: repo.AssignmentRow[];
  departments: { id: string; name: string }[];
  /** Filter choices: one per learning-area name. */
  subjects: { id: string; name: string }[];
  /** Every subject id taught this year with its name (a filter by id matches the name). */
  subjectNames: Map<string, string>;
}

/** Everyone on the teaching staff of the school(s), with this year's streams, subjects and load. */
async function loadStaff(tx: Tx, schoolId: string | null, teacherId?: string): Promise<Staff> {
  // One transaction, one connection: the queries run one after another.
  const staff = await repo.teachingStaff(tx, schoolId, teacherId);
  const assignments = await repo.currentAssignments(tx, schoolId, teacherId);
  const led = await repo.currentClassTeachers(tx, schoolId);
  const memberships = await repo.departmentMemberships(tx, schoolId);
  const departments = await repo.departmentList(tx, schoolId);
  const byTeacher = new Map<string, repo.AssignmentRow[]>();
  for (const a of assignments) {
    if (!byTeacher.has(a.teacherId)) byTeacher.set(a.teacherId, []);
    byTeacher.get(a.teacherId)!.push(a);
  }
  const items = staff.map((p): TeacherListItem => {
    const mine = byTeacher.get(p.id) ?? [];
    const streams = new Map<string, string>();
    const subjects = new Map<string, string>();
    // A learning area of the same name in two bands (Agriculture & Nutrition in Upper Primary and
    // Junior School) is one subject to people: listed once, by name.
    const subjectNames = new Set<string>();
    for (const a of mine) {
      streams.set(a.classId, a.className);
      if (!subjectNames.has(a.subjectName)) {
        subjectNames.add(a.subjectName);
        subjects.set(a.subjectId, a.subjectName);
      }
    }
    return {
      id: p.id,
      name: p.name,
      email: p.email,
      phone: p.phone,
      role: p.role,
      status: p.status,
      schoolId: p.schoolId,
      departments: memberships.filter((d) => d.profileId === p.id).map((d) => ({ id: d.id, name: d.name, isHead: d.isHead })),
      classTeacherOf: led.filter((c) => c.classTeacherId === p.id).map((c) => ({ id: c.id, name: c.name })),
      streams: [...streams].map(([id, name]) => ({ id, name })),
      subjects: [...subjects].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
      assignmentCount: mine.length,
      lessonsPerWeek: mine.reduce((s, a) => s + a.lessonsPerWeek, 0),
    };
  });
  const subjectNames = new Map<string, string>();
  for (const a of assignments) subjectNames.set(a.subjectId, a.subjectName);
  const byName = new Map<string, string>();
  for (const [id, name] of subjectNames) if (!byName.has(name)) byName.set(name, id);
  return {
    items,
    assignments,
    departments,
    subjects: [...byName].map(([name, id]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
    subjectNames,
  };
}

/** Does the teacher match every word of the search (name, e-mail, phone, subject or stream names)? */
function matches(t: TeacherListItem, search: string | undefined): boolean {
  const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const digits = (t.phone ?? '').replace(/\D/g, '');
  const hay = [t.name, t.email, t.phone ?? '', ...t.subjects.map((s) => s.name), ...t.streams.map((s) => s.name), ...t.departments.map((d) => d.name)]
    .join(' ')
    .toLowerCase();
  return words.every((w) => {
    if (hay.includes(w)) return true;
    const wd = w.replace(/\D/g, '');
    // 0712345678 and 254712345678 find the same teacher (phones are stored as 2547XXXXXXXX).
    return wd.length >= 4 && (digits.includes(wd) || digits.includes(wd.replace(/^0/, '254')));
  });
}

function filterAndSort(staff: Staff, q: Omit<ListTeachersQuery, 'page' | 'pageSize'>): TeacherListItem[] {
  const subjectName = q.subjectId ? (staff.subjectNames.get(q.subjectId) ?? null) : undefined;
  const out = staff.items.filter(
    (t) =>
      matches(t, q.search) &&
      (!q.departmentId || t.departments.some((d) => d.id === q.departmentId)) &&
      (subjectName === undefined || t.subjects.some((s) => s.name === subjectName)) &&
      (!q.status || t.status === q.status),
  );
  const byName = (a: TeacherListItem, b: TeacherListItem) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
  const sorts: Record<ListTeachersQuery['sort'], (a: TeacherListItem, b: TeacherListItem) => number> = {
    name: byName,
    '-name': (a, b) => -byName(a, b),
    load: (a, b) => a.lessonsPerWeek - b.lessonsPerWeek || byName(a, b),
    '-load': (a, b) => b.lessonsPerWeek - a.lessonsPerWeek || byName(a, b),
  };
  return out.sort(sorts[q.sort]);
}

/**
 * GET /api/teachers (issue 10 §3 "/teachers"): the teaching staff (teacher accounts, and principals who
 * teach or lead a stream this year) with departments, the streams they lead and teach, learning areas,
 * and load in lessons per week (sum of this year's teacher_assignments.lessons_per_week). Filtered and
 * sorted here (a school's staff is small), then paged.
 */
export async function listTeachers(database: Database, actor: Actor, q: ListTeachersQuery): Promise<ListTeachersResponse> {
  const audience = learnerAudience(actor, q.schoolId);
  return withScope(database.db, audienceScope(audience), async (tx) => {
    const staff = await loadStaff(tx, audience.schoolId);
    const all = filterAndSort(staff, q);
    const start = (q.page - 1) * q.pageSize;
    return {
      items: all.slice(start, start + q.pageSize),
      total: all.length,
      page: q.page,
      pageSize: q.pageSize,
      departments: staff.departments,
      subjects: staff.subjects,
      maxLoad: Math.max(0, ...staff.items.map((t) => t.lessonsPerWeek)),
      academicYear: audience.schoolId ? await repo.currentYearName(tx, audience.schoolId) : null,
    };
  });
}

/** The export of the staff list (every row matching the filters) and its columns. */
export async function exportTeachers(database: Database, actor: Actor, q: ExportTeachersQuery) {
  const audience = learnerAudience(actor, q.schoolId);
  const rows = await withScope(database.db, audienceScope(audience), async (tx) => filterAndSort(await loadStaff(tx, audience.schoolId), q));
  const c = m.teacherColumns;
  const names = (xs: { name: string }[]) => xs.map((x) => x.name).join(', ');
  const columns: ExportColumn<TeacherListItem>[] = [
    { header: c.name, value: (t) => t.name, width: 28 },
    { header: c.email, value: (t) => t.email, width: 32 },
    { header: c.phone, value: (t) => t.phone, width: 16 },
    { header: c.role, value: (t) => (t.role === 'principal' ? m.teachers.principalBadge : 'Teacher'), width: 12 },
    { header: c.status, value: (t) => m.teachers.statuses[t.status] ?? t.status, width: 10 },
    { header: c.departments, value: (t) => t.departments.map((d) => (d.isHead ? `${d.name} (${m.teachers.head})` : d.name)).join(', '), width: 30 },
    { header: c.classTeacherOf, value: (t) => names(t.classTeacherOf), width: 18 },
    { header: c.streams, value: (t) => names(t.streams), width: 40 },
    { header: c.subjects, value: (t) => names(t.subjects), width: 40 },
    { header: c.lessonsPerWeek, value: (t) => t.lessonsPerWeek, width: 16 },
  ];
  return { rows, columns };
}

/**
 * GET /api/teachers/:id: one member of the teaching staff with this year's assignments (stream ×
 * learning area × lessons per week, by level and stream), ready for the timetable. 404 for anyone who
 * is not on the teaching staff of the caller's school.
 */
export async function getTeacher(database: Database, actor: Actor, id: string): Promise<TeacherDetail> {
  const audience = learnerAudience(actor);
  return withScope(database.db, audienceScope(audience), async (tx) => {
    const staff = await loadStaff(tx, audience.schoolId, id);
    const t = staff.items[0];
    if (!t) throw notFound(m.teacherNotFound);
    return {
      ...t,
      academicYear: await repo.currentYearName(tx, t.schoolId),
      assignments: staff.assignments.map((a) => ({
        id: a.id,
        classId: a.classId,
        className: a.className,
        level: a.level,
        levelOrder: a.levelOrder,
        stream: a.stream,
        subjectId: a.subjectId,
        subjectName: a.subjectName,
        subjectCode: a.subjectCode,
        lessonsPerWeek: a.lessonsPerWeek,
        isClassTeacher: a.classTeacherId === t.id,
      })),
    };
  });
}
