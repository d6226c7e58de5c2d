import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, countRows, createTestApp, schoolIdOf, signInSessions, system, type TestApp } from '../../../../tests/helpers.js';
import type {
  HubComment,
  HubProjectDetail,
  HubStaffResponse,
  HubTask,
  ListCommentsResponse,
  ListProjectsResponse,
  ListTasksResponse,
  OnboardingChecklist,
  OnboardingOverview,
} from '../../../shared/contracts/project-hub.js';
import { ONBOARDING_TEMPLATE } from '../../../shared/contracts/project-hub.js';
import { addDays, schoolToday } from '../../../shared/dates.js';
import { demoCalendar } from '../../seed/demo-calendar.js';
import { projectHubMessages as pm } from '../../../shared/messages/project-hub.js';
import { auditLogs, hubOnboardingItems, hubProjects, hubTasks, mpesaConfigs, profiles, students } from '../../db/schema/index.js';

/**
 * Project Hub (issue 18 §4): edufam_admin only (401 signed out, 403 for school roles and
 * elimisha_admin); a project goes from creation to tasks, moves across the board, comments and "My
 * tasks"; bad input 400 with nothing written; unknown ids 404; the onboarding checklist with manual
 * ticks beside what the data shows; the demo board. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp;
let greenhill: string;
let riverside: string;
let adminId: string;
let elimishaId: string;
let principalId: string;
const cookie: Record<string, string> = {};
const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  greenhill = await schoolIdOf(t.database, 'greenhill');
  riverside = await schoolIdOf(t.database, 'riverside');
  const ids = await system(t.database, (tx) => tx.select({ id: profiles.id, email: profiles.email }).from(profiles));
  adminId = ids.find((p) => p.email === DEMO.admin)!.id;
  elimishaId = ids.find((p) => p.email === DEMO.elimisha)!.id;
  principalId = ids.find((p) => p.email === DEMO.greenhill.principal)!.id;
  await signInSessions(t.app, cookie, ['admin', 'elimisha', 'principal', 'director']);
}, 600_000);
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const req = (who: string | null, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who ? { cookie: cookie[who]! } : {}, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const ok = async <T>(method: Method, url: string, payload?: unknown, status = 200, who = 'admin'): Promise<T> => {
  const res = await req(who, method, url, payload);
  expect(res.statusCode, res.body).toBe(status);
  return (res.body ? res.json() : undefined) as T;
};
const fails = async (method: Method, url: string, payload: unknown, status: number, who: string | null = 'admin') => {
  const res = await req(who, method, url, payload);
  expect(res.statusCode, res.body).toBe(status);
  return res.json<{ error: { code: string; message: string; fields?: Record<string, string> } }>().error;
};

describe('access', () => {
  const routes: [Method, string, unknown?][] = [
    ['GET', '/api/project-hub/projects'],
    ['POST', '/api/project-hub/projects', { name: 'X', kind: 'internal' }],
    ['GET', `/api/project-hub/projects/${MISSING}`],
    ['PATCH', `/api/project-hub/projects/${MISSING}`, { name: 'X' }],
    ['DELETE', `/api/project-hub/projects/${MISSING}`],
    ['POST', `/api/project-hub/projects/${MISSING}/tasks`, { title: 'X' }],
    ['GET', '/api/project-hub/tasks?assignee=me'],
    ['GET', `/api/project-hub/tasks/${MISSING}`],
    ['PATCH', `/api/project-hub/tasks/${MISSING}`, { status: 'done' }],
    ['DELETE', `/api/project-hub/tasks/${MISSING}`],
    ['GET', `/api/project-hub/tasks/${MISSING}/comments`],
    ['POST', `/api/project-hub/tasks/${MISSING}/comments`, { body: 'Hi' }],
    ['GET', '/api/project-hub/staff'],
    ['GET', '/api/project-hub/onboarding'],
    ['GET', `/api/project-hub/onboarding/${MISSING}`],
    ['PATCH', `/api/project-hub/onboarding/${MISSING}/items/go_live`, { done: true }],
  ];

  it('401 signed out; 403 for a principal and a director (edufam_admin and its alias elimisha_admin only)', async () => {
    const before = await countRows(t.database, hubProjects);
    for (const [method, url, body] of routes) {
      await fails(method, url, body, 401, null);
      for (const who of ['principal', 'director']) await fails(method, url, body, 403, who);
    }
    expect(await countRows(t.database, hubProjects)).toBe(before);
  });

  it('404 for unknown ids', async () => {
    for (const [method, url, body] of routes.filter(([, u]) => u.includes(MISSING))) {
      expect((await fails(method, url, body, 404)).code).toBe('NOT_FOUND');
    }
    const gh = `/api/project-hub/onboarding/${greenhill}/items/not_a_key`;
    expect((await fails('PATCH', gh, { done: true }, 404)).message).toBe(pm.api.itemNotFound);
    await fails('GET', '/api/project-hub/projects/not-a-uuid', undefined, 400);
  });
});

describe('a project from creation to done tasks', () => {
  it('creates, adds tasks, moves across the board, comments, lists my tasks, archives', async () => {
    const staff = await ok<HubStaffResponse>('GET', '/api/project-hub/staff');
    expect(staff.staff.map((s) => s.id).sort()).toEqual([adminId, elimishaId].sort());

    const today = schoolToday();
    const project = await ok<HubProjectDetail>(
      'POST',
      '/api/project-hub/projects',
      { name: '  SMS gateway switch  ', kind: 'internal', status: 'active', startDate: today, targetDate: addDays(today, 14), prefillTasks: true },
      201,
    );
    expect(project).toMatchObject({ name: 'SMS gateway switch', kind: 'internal', schoolId: null, owner: { id: adminId }, status: 'active', archived: false, progress: 0, taskList: [] });

    const add = (body: Record<string, unknown>) => ok<HubTask>('POST', `/api/project-hub/projects/${project.id}/tasks`, body, 201);
    const a = await add({ title: 'Compare providers', assigneeId: elimishaId, priority: 'high', dueDate: addDays(today, -2) });
    const b = await add({ title: 'Sign the contract', assigneeId: adminId, dueDate: addDays(today, 5) });
    const c = await add({ title: 'Switch the sender ID' });
    expect([a.position, b.position, c.position]).toEqual([0, 1, 2]);
    expect(a).toMatchObject({ status: 'todo', priority: 'high', overdue: true, assignee: { id: elimishaId, name: 'Brian Elimisha Ochieng' }, projectName: 'SMS gateway switch' });
    expect(b.overdue).toBe(false);

    // Move b to In progress, then a to Done at the top; c to the first place of To do.
    const bMoved = await ok<HubTask>('PATCH', `/api/project-hub/tasks/${b.id}`, { status: 'in_progress' });
    expect(bMoved).toMatchObject({ status: 'in_progress', position: 0, completedAt: null });
    const aDone = await ok<HubTask>('PATCH', `/api/project-hub/tasks/${a.id}`, { status: 'done', position: 0 });
    expect(aDone.status).toBe('done');
    expect(aDone.completedAt).not.toBeNull();
    expect(aDone.overdue).toBe(false);
    const c2 = await add({ title: 'Tell the schools', status: 'todo' });
    await ok('PATCH', `/api/project-hub/tasks/${c2.id}`, { position: 0 });
    let detail = await ok<HubProjectDetail>('GET', `/api/project-hub/projects/${project.id}`);
    expect(detail.taskList.map((x) => [x.title, x.status, x.position])).toEqual([
      ['Tell the schools', 'todo', 0],
      ['Switch the sender ID', 'todo', 1],
      ['Sign the contract', 'in_progress', 0],
      ['Compare providers', 'done', 0],
    ]);
    expect(detail.tasks).toMatchObject({ total: 4, done: 1, overdue: 0, byStatus: { todo: 2, in_progress: 1, blocked: 0, done: 1 } });
    expect(detail.progress).toBe(25);

    // Back out of done clears completedAt; edits of title, due, assignee.
    const reopened = await ok<HubTask>('PATCH', `/api/project-hub/tasks/${a.id}`, { status: 'blocked', dueDate: null, assigneeId: null, title: 'Compare three providers' });
    expect(reopened).toMatchObject({ status: 'blocked', completedAt: null, dueDate: null, assignee: null, title: 'Compare three providers' });

    // Comments, oldest first, with the author.
    const first = await ok<HubComment>('POST', `/api/project-hub/tasks/${b.id}/comments`, { body: 'Sent the draft to legal.' }, 201);
    expect(first.author).toEqual({ id: adminId, name: 'Wanjiku Admin Njoroge' });
    await ok<HubComment>('POST', `/api/project-hub/tasks/${b.id}/comments`, { body: '<b>Signed</b> today.' }, 201);
    const thread = await ok<ListCommentsResponse>('GET', `/api/project-hub/tasks/${b.id}/comments`);
    expect(thread.comments.map((x) => x.body)).toEqual(['Sent the draft to legal.', '<b>Signed</b> today.']);
    expect((await ok<HubTask>('GET', `/api/project-hub/tasks/${b.id}`)).comments).toBe(2);

    // My tasks: b is mine and open; after done it leaves "open".
    let mine = await ok<ListTasksResponse>('GET', '/api/project-hub/tasks?assignee=me&status=open');
    expect(mine.tasks.some((x) => x.id === b.id)).toBe(true);
    expect(mine.tasks.every((x) => x.assignee?.id === adminId && x.status !== 'done')).toBe(true);
    const due = mine.tasks.map((x) => x.dueDate ?? '9999');
    expect([...due].sort()).toEqual(due);
    const before = await ok<ListTasksResponse>('GET', `/api/project-hub/tasks?assignee=${adminId}&dueBefore=${addDays(today, 6)}&projectId=${project.id}`);
    expect(before.tasks.map((x) => x.id)).toEqual([b.id]);
    await ok('PATCH', `/api/project-hub/tasks/${b.id}`, { status: 'done' });
    mine = await ok<ListTasksResponse>('GET', '/api/project-hub/tasks?assignee=me&status=open');
    expect(mine.tasks.some((x) => x.id === b.id)).toBe(false);
    const unassigned = await ok<ListTasksResponse>('GET', `/api/project-hub/tasks?assignee=unassigned&projectId=${project.id}`);
    expect(unassigned.tasks.map((x) => x.title).sort()).toEqual(['Compare three providers', 'Switch the sender ID', 'Tell the schools']);

    // Project edits, delete a task, archive: it leaves the list and my tasks; a new task is 409.
    detail = await ok<HubProjectDetail>('PATCH', `/api/project-hub/projects/${project.id}`, { status: 'on_hold', ownerId: elimishaId });
    expect(detail).toMatchObject({ status: 'on_hold', owner: { id: elimishaId } });
    await ok('DELETE', `/api/project-hub/tasks/${c.id}`, undefined, 204);
    await fails('GET', `/api/project-hub/tasks/${c.id}`, undefined, 404);
    await ok('DELETE', `/api/project-hub/projects/${project.id}`, undefined, 204);
    await ok('DELETE', `/api/project-hub/projects/${project.id}`, undefined, 204);
    const list = await ok<ListProjectsResponse>('GET', '/api/project-hub/projects');
    expect(list.projects.some((p) => p.id === project.id)).toBe(false);
    const archived = await ok<ListProjectsResponse>('GET', '/api/project-hub/projects?archived=true');
    expect(archived.projects.map((p) => p.id)).toContain(project.id);
    expect((await fails('POST', `/api/project-hub/projects/${project.id}/tasks`, { title: 'Late' }, 409)).code).toBe('PROJECT_ARCHIVED');
    const all = await ok<ListTasksResponse>('GET', `/api/project-hub/tasks?projectId=${project.id}`);
    expect(all.tasks).toEqual([]);
    const restored = await ok<HubProjectDetail>('PATCH', `/api/project-hub/projects/${project.id}`, { archived: false });
    expect(restored.archived).toBe(false);

    const actions = await system(t.database, (tx) => tx.select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.performedByUserId, adminId)));
    const names = new Set(actions.map((x) => x.action));
    for (const a2 of ['project_hub.project.create', 'project_hub.task.create', 'project_hub.task.update', 'project_hub.task.delete', 'project_hub.project.update', 'project_hub.project.archive']) {
      expect(names.has(a2), a2).toBe(true);
    }
  });

  it('an onboarding project needs a school and starts with the checklist as tasks', async () => {
    const e = await fails('POST', '/api/project-hub/projects', { name: 'Onboarding: somebody', kind: 'onboarding' }, 400);
    expect(e.fields?.schoolId).toBe(pm.api.onboardingNeedsSchool);
    const p = await ok<HubProjectDetail>('POST', '/api/project-hub/projects', { name: 'Onboarding: Riverside again', kind: 'onboarding', schoolId: riverside }, 201);
    expect(p).toMatchObject({ kind: 'onboarding', schoolId: riverside, schoolName: 'Riverside International School' });
    expect(p.taskList.map((x) => x.title)).toEqual(['Contract signed', 'School profile and logo', 'Academic year and terms', 'Streams and subjects', 'Staff accounts created', 'Learners imported', 'Fee structures set up', 'M-Pesa paybill connected', 'Parents invited', 'Training session held', 'Go-live']);
    expect(p.taskList.map((x) => x.position)).toEqual(ONBOARDING_TEMPLATE.map((_, i) => i));
    const bare = await ok<HubProjectDetail>('POST', '/api/project-hub/projects', { name: 'Onboarding: bare', kind: 'onboarding', schoolId: greenhill, prefillTasks: false }, 201);
    expect(bare.taskList).toEqual([]);
    await ok('DELETE', `/api/project-hub/projects/${p.id}`, undefined, 204);
    await ok('DELETE', `/api/project-hub/projects/${bare.id}`, undefined, 204);
  });
});

describe('bad input: 400 with nothing written', () => {
  it('projects', async () => {
    const before = await countRows(t.database, hubProjects);
    expect((await fails('POST', '/api/project-hub/projects', { name: '   ', kind: 'internal' }, 400)).message).toContain(pm.api.nameRequired);
    await fails('POST', '/api/project-hub/projects', { name: 'X', kind: 'secret' }, 400);
    await fails('POST', '/api/project-hub/projects', { name: 'X', kind: 'internal', targetDate: '2026-02-30' }, 400);
    await fails('POST', '/api/project-hub/projects', { name: 'X', kind: 'internal', targetDate: '12/03/2026' }, 400);
    expect((await fails('POST', '/api/project-hub/projects', { name: 'X', kind: 'internal', startDate: '2026-05-10', targetDate: '2026-05-01' }, 400)).message).toBe(pm.api.targetBeforeStart);
    expect((await fails('POST', '/api/project-hub/projects', { name: 'X', kind: 'internal', ownerId: principalId }, 400)).fields?.ownerId).toBe(pm.api.ownerNotStaff);
    expect((await fails('POST', '/api/project-hub/projects', { name: 'X', kind: 'onboarding', schoolId: MISSING }, 400)).fields?.schoolId).toBe(pm.api.unknownSchool);
    await fails('POST', '/api/project-hub/projects', { name: 'X', kind: 'internal', extra: 1 }, 400);
    expect(await countRows(t.database, hubProjects)).toBe(before);
    const [p] = (await ok<ListProjectsResponse>('GET', '/api/project-hub/projects?kind=internal')).projects;
    expect((await fails('PATCH', `/api/project-hub/projects/${p!.id}`, {}, 400)).message).toBe(pm.api.nothingToChange);
    await fails('PATCH', `/api/project-hub/projects/${p!.id}`, { status: 'finished' }, 400);
  });

  it('tasks and comments', async () => {
    const [p] = (await ok<ListProjectsResponse>('GET', '/api/project-hub/projects?kind=internal')).projects;
    const url = `/api/project-hub/projects/${p!.id}/tasks`;
    const before = await countRows(t.database, hubTasks);
    expect((await fails('POST', url, { title: '' }, 400)).message).toContain(pm.api.titleRequired);
    expect((await fails('POST', url, { title: 'X', dueDate: '2026-13-01' }, 400)).message).toContain(pm.api.date);
    expect((await fails('POST', url, { title: 'X', assigneeId: principalId }, 400)).fields?.assigneeId).toBe(pm.api.assigneeNotStaff);
    expect((await fails('POST', url, { title: 'X', assigneeId: MISSING }, 400)).fields?.assigneeId).toBe(pm.api.assigneeNotStaff);
    await fails('POST', url, { title: 'X', priority: 'extreme' }, 400);
    await fails('POST', url, { title: 'X', status: 'review' }, 400);
    expect(await countRows(t.database, hubTasks)).toBe(before);
    const task = await ok<HubTask>('POST', url, { title: 'Valid' }, 201);
    await fails('PATCH', `/api/project-hub/tasks/${task.id}`, {}, 400);
    await fails('PATCH', `/api/project-hub/tasks/${task.id}`, { title: '  ' }, 400);
    await fails('PATCH', `/api/project-hub/tasks/${task.id}`, { position: -1 }, 400);
    await fails('PATCH', `/api/project-hub/tasks/${task.id}`, { position: 1.5 }, 400);
    await fails('PATCH', `/api/project-hub/tasks/${task.id}`, { assigneeId: principalId }, 400);
    await fails('PATCH', `/api/project-hub/tasks/${task.id}`, { dueDate: 'tomorrow' }, 400);
    expect((await fails('POST', `/api/project-hub/tasks/${task.id}/comments`, { body: ' ' }, 400)).message).toContain(pm.api.commentRequired);
    await fails('GET', '/api/project-hub/tasks?assignee=someone', undefined, 400);
    await fails('GET', '/api/project-hub/tasks?dueBefore=soon', undefined, 400);
    await fails('GET', '/api/project-hub/tasks?status=waiting', undefined, 400);
    const row = await ok<HubTask>('GET', `/api/project-hub/tasks/${task.id}`);
    expect(row).toMatchObject({ title: 'Valid', assignee: null, comments: 0 });
    await ok('DELETE', `/api/project-hub/tasks/${task.id}`, undefined, 204);
  });
});

describe('onboarding checklist', () => {
  it('shows manual ticks beside what the data shows', async () => {
    const gh = await ok<OnboardingChecklist>('GET', `/api/project-hub/onboarding/${greenhill}`);
    expect(gh.school).toMatchObject({ id: greenhill, name: 'Greenhill Academy', code: 'greenhill' });
    expect(gh.items.map((i) => i.key)).toEqual(ONBOARDING_TEMPLATE.map((i) => i.key));
    const item = (c: OnboardingChecklist, key: string) => c.items.find((i) => i.key === key)!;
    // Detected from the seeded data: learners, fee structures, parent accounts, terms, streams, staff.
    expect(item(gh, 'learners_imported')).toMatchObject({ detected: true });
    expect(item(gh, 'learners_imported').detectedCount).toBeGreaterThan(0);
    expect(item(gh, 'parents_invited')).toMatchObject({ detected: true });
    expect(item(gh, 'fee_structures').detected).toBe(true);
    expect(item(gh, 'academic_year').detected).toBe(true);
    expect(item(gh, 'staff_accounts').detected).toBe(true);
    // Not detectable: contract, training, go-live.
    expect(item(gh, 'contract_signed').detected).toBeNull();
    expect(item(gh, 'go_live').detected).toBeNull();
    // Seeded manual ticks with who ticked them.
    expect(item(gh, 'contract_signed')).toMatchObject({ done: true, doneBy: { id: adminId }, complete: true });
    expect(gh.summary.total).toBe(ONBOARDING_TEMPLATE.length);

    // M-Pesa: detected exactly when the school has a configuration.
    const hasMpesa = (await system(t.database, (tx) => tx.select({ id: mpesaConfigs.schoolId }).from(mpesaConfigs).where(eq(mpesaConfigs.schoolId, riverside)))).length > 0;
    const rs = await ok<OnboardingChecklist>('GET', `/api/project-hub/onboarding/${riverside}`);
    expect(item(rs, 'mpesa_paybill').detected).toBe(hasMpesa);
    expect(item(rs, 'training_session')).toMatchObject({ done: false, doneBy: null, complete: false });

    // Tick, note, untick; audited; the overview follows.
    const ticked = await ok<OnboardingChecklist>('PATCH', `/api/project-hub/onboarding/${riverside}/items/training_session`, { done: true, note: 'Held online with 14 teachers.' });
    expect(item(ticked, 'training_session')).toMatchObject({ done: true, doneBy: { id: adminId, name: 'Wanjiku Admin Njoroge' }, note: 'Held online with 14 teachers.', complete: true });
    expect(ticked.summary.complete).toBe(rs.summary.complete + 1);
    const again = await ok<OnboardingChecklist>('PATCH', `/api/project-hub/onboarding/${riverside}/items/training_session`, { done: true });
    expect(item(again, 'training_session').doneAt).toBe(item(ticked, 'training_session').doneAt);
    const overview = await ok<OnboardingOverview>('GET', '/api/project-hub/onboarding');
    expect(overview.schools.find((s) => s.id === riverside)).toMatchObject({ total: ONBOARDING_TEMPLATE.length, complete: ticked.summary.complete });
    const unticked = await ok<OnboardingChecklist>('PATCH', `/api/project-hub/onboarding/${riverside}/items/training_session`, { done: false, note: null });
    expect(item(unticked, 'training_session')).toMatchObject({ done: false, doneBy: null, doneAt: null, note: null });
    await fails('PATCH', `/api/project-hub/onboarding/${riverside}/items/training_session`, {}, 400);
    await fails('PATCH', `/api/project-hub/onboarding/${riverside}/items/training_session`, { note: 'x'.repeat(1001) }, 400);
    const audits = await system(t.database, (tx) =>
      tx.select({ action: auditLogs.action }).from(auditLogs).where(and(eq(auditLogs.schoolId, riverside), eq(auditLogs.targetEntity, 'hub_onboarding_item'))),
    );
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['project_hub.onboarding.tick', 'project_hub.onboarding.note']));
    const rows = await system(t.database, (tx) => tx.select().from(hubOnboardingItems).where(and(eq(hubOnboardingItems.schoolId, riverside), eq(hubOnboardingItems.key, 'training_session'))));
    expect(rows).toHaveLength(1);
  });
});

describe('demo board', () => {
  it('has the two onboarding boards and the internal release with overdue Riverside tasks', async () => {
    const { projects } = await ok<ListProjectsResponse>('GET', '/api/project-hub/projects');
    const byName = (n: string) => projects.find((p) => p.name === n)!;
    const gh = byName('Onboarding: Greenhill Academy');
    const rs = byName('Onboarding: Riverside International School');
    const coming = demoCalendar(schoolToday()).comingTerm;
    const rel = byName(`${coming.name} ${coming.year} release`);
    expect(gh.progress).toBeGreaterThanOrEqual(75);
    expect(rs.tasks.overdue).toBeGreaterThan(0);
    expect(rs.progress).toBeLessThan(50);
    expect(rel.kind).toBe('internal');
    const detail = await ok<HubProjectDetail>('GET', `/api/project-hub/projects/${rel.id}`);
    const assignees = new Set(detail.taskList.map((x) => x.assignee?.id).filter(Boolean));
    expect(assignees).toEqual(new Set([adminId, elimishaId]));
    const overdue = await ok<ListTasksResponse>('GET', '/api/project-hub/tasks?overdue=true');
    expect(overdue.tasks.length).toBeGreaterThan(0);
    expect(overdue.tasks.every((x) => x.overdue)).toBe(true);
    const commented = detail.taskList.concat((await ok<HubProjectDetail>('GET', `/api/project-hub/projects/${rs.id}`)).taskList).filter((x) => x.comments > 0);
    expect(commented.length).toBeGreaterThan(0);
  });

  it('an onboarding task the school’s data already shows says so, whatever its column (issue 34: "Learners imported" while Riverside runs its learners)', async () => {
    const [row] = await system(t.database, (tx) =>
      tx.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(students).where(and(eq(students.schoolId, riverside), eq(students.status, 'active'))),
    );
    const learners = row!.n;
    expect(learners).toBeGreaterThan(200);
    const { projects } = await ok<ListProjectsResponse>('GET', '/api/project-hub/projects?kind=onboarding');
    const board = await ok<HubProjectDetail>('GET', `/api/project-hub/projects/${projects.find((p) => p.name === 'Onboarding: Riverside International School')!.id}`);
    const task = board.taskList.find((x) => x.title === 'Learners imported')!;
    expect(task).toMatchObject({ detected: { key: 'learners_imported', count: learners }, overdue: false });
    // Items the data cannot show (contract, training) and internal boards carry nothing.
    expect(board.taskList.find((x) => x.title === 'Training session held')!.detected ?? null).toBeNull();
    const [release] = (await ok<ListProjectsResponse>('GET', '/api/project-hub/projects?kind=internal')).projects;
    const internal = await ok<HubProjectDetail>('GET', `/api/project-hub/projects/${release!.id}`);
    expect(internal.taskList.every((x) => (x.detected ?? null) === null)).toBe(true);
    // The checklist counts the same learners.
    const list = await ok<OnboardingChecklist>('GET', `/api/project-hub/onboarding/${riverside}`);
    expect(list.items.find((i) => i.key === 'learners_imported')).toMatchObject({ detected: true, detectedCount: learners, complete: true });
  });
});
