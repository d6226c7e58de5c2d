import { inArray } from 'drizzle-orm';
import { ONBOARDING_TEMPLATE, type HubTaskPriority, type HubTaskStatus, type OnboardingKey } from '../../shared/contracts/project-hub.js';
import { addDays } from '../../shared/dates.js';
import { atNairobi, type DemoCalendar } from './demo-calendar.js';
import { ONBOARDING_ITEM_LABELS } from '../../shared/messages/project-hub.js';
import { hubOnboardingItems, hubProjects, hubTaskComments, hubTasks, profiles, schools } from '../db/schema/index.js';
import type { Tx } from '../db/tenant.js';

const DAY = 86_400_000;

type Who = 'admin' | 'elimisha';

interface SeedTask {
  title: string;
  status: HubTaskStatus;
  priority?: HubTaskPriority;
  who?: Who;
  /** Due date in days from today (negative: in the past). */
  due?: number;
  description?: string;
  comments?: { who: Who; body: string; hoursAgo: number }[];
}

/** An onboarding board from the checklist template: status, assignee and due per item. */
function onboardingTasks(plan: Partial<Record<OnboardingKey, Omit<SeedTask, 'title'>>>): SeedTask[] {
  return ONBOARDING_TEMPLATE.map((i) => ({ title: ONBOARDING_ITEM_LABELS[i.key] ?? i.key, status: 'todo' as HubTaskStatus, ...plan[i.key] }));
}

/**
 * Demo project board (issue 18 "Demo data"): "Onboarding: Greenhill Academy" (mostly done),
 * "Onboarding: Riverside International School" (in progress, some tasks overdue) and the internal
 * release of the coming term (e.g. "Term 1 2027 release") with tasks for both platform staff, a few comments; onboarding checklist rows
 * for both schools. Dates are relative to the demo's day (demo-calendar.ts) so the board stays current.
 */
export async function seedProjectHub(tx: Tx, cal: DemoCalendar): Promise<void> {
  const people = await tx.select({ id: profiles.id, email: profiles.email }).from(profiles).where(inArray(profiles.email, ['admin@edufam.test', 'elimisha@edufam.test']));
  const staff: Record<Who, string | null> = {
    admin: people.find((p) => p.email === 'admin@edufam.test')?.id ?? null,
    elimisha: people.find((p) => p.email === 'elimisha@edufam.test')?.id ?? null,
  };
  const schoolRows = await tx.select({ id: schools.id, code: schools.code, name: schools.name }).from(schools).where(inArray(schools.code, ['greenhill', 'riverside']));
  const greenhill = schoolRows.find((s) => s.code === 'greenhill');
  const riverside = schoolRows.find((s) => s.code === 'riverside');
  const today = cal.today;
  const now = Math.min(Date.now(), atNairobi(today, '23:59').getTime());
  const release = `${cal.comingTerm.name} ${cal.comingTerm.year}`;

  async function board(p: { name: string; description: string; kind: 'onboarding' | 'internal'; schoolId: string | null; owner: Who; status: 'planned' | 'active' | 'on_hold' | 'done'; start: number; target: number; tasks: SeedTask[] }) {
    const [project] = await tx
      .insert(hubProjects)
      .values({
        name: p.name,
        description: p.description,
        kind: p.kind,
        schoolId: p.schoolId,
        ownerId: staff[p.owner],
        status: p.status,
        startDate: addDays(today, p.start),
        targetDate: addDays(today, p.target),
        createdBy: staff[p.owner],
        createdAt: new Date(now + p.start * DAY),
        updatedAt: new Date(now - 3_600_000),
      })
      .returning({ id: hubProjects.id });
    const column: Record<string, number> = {};
    for (const t of p.tasks) {
      const position = (column[t.status] = (column[t.status] ?? -1) + 1);
      const [task] = await tx
        .insert(hubTasks)
        .values({
          projectId: project!.id,
          title: t.title,
          description: t.description ?? '',
          assigneeId: t.who ? staff[t.who] : null,
          status: t.status,
          priority: t.priority ?? 'normal',
          dueDate: t.due === undefined ? null : addDays(today, t.due),
          position,
          completedAt: t.status === 'done' ? new Date(now - (Math.abs(t.due ?? 3) + 1) * DAY) : null,
          createdBy: staff[p.owner],
          createdAt: new Date(now + p.start * DAY),
        })
        .returning({ id: hubTasks.id });
      if (t.comments?.length) {
        await tx.insert(hubTaskComments).values(t.comments.map((c) => ({ taskId: task!.id, authorId: staff[c.who], body: c.body, createdAt: new Date(now - c.hoursAgo * 3_600_000) })));
      }
    }
  }

  /** An active onboarding board for a school, named after it, with the checklist tasks (onboardingTasks). */
  const onboardingBoard = (school: { id: string; name: string }, owner: Who, start: number, target: number, description: string, tasks: Parameters<typeof onboardingTasks>[0]) =>
    board({ name: `Onboarding: ${school.name}`, description, kind: 'onboarding', schoolId: school.id, owner, status: 'active', start, target, tasks: onboardingTasks(tasks) });

  if (greenhill) {
    await onboardingBoard(greenhill, 'admin', -60, 5, 'CBC primary and junior school moving from spreadsheets to EduFam for the whole school year.', {
      contract_signed: { status: 'done', who: 'admin', due: -55 },
      school_profile: { status: 'done', who: 'elimisha', due: -50 },
      academic_year: { status: 'done', who: 'elimisha', due: -48 },
      streams_subjects: { status: 'done', who: 'elimisha', due: -45 },
      staff_accounts: { status: 'done', who: 'admin', due: -40 },
      learners_imported: {
        status: 'done',
        who: 'elimisha',
        due: -35,
        comments: [
          { who: 'elimisha', body: 'Imported 450 learners from the school\'s admission register; 3 duplicates merged with the principal.', hoursAgo: 24 * 34 },
          { who: 'admin', body: 'Thanks. The principal confirmed the Grade 6 East list this morning.', hoursAgo: 24 * 33 },
        ],
      },
      fee_structures: { status: 'done', who: 'admin', due: -30 },
      mpesa_paybill: { status: 'done', who: 'admin', due: -25 },
      parents_invited: { status: 'done', who: 'elimisha', due: -20 },
      training_session: {
        status: 'in_progress',
        who: 'admin',
        due: 2,
        priority: 'high',
        description: 'Half-day session for teachers on marks entry and attendance; finance office separately.',
        comments: [{ who: 'admin', body: 'Teachers booked for Thursday 2 pm in the staff room. Finance session still to schedule.', hoursAgo: 20 }],
      },
      go_live: { status: 'todo', who: 'admin', due: 5, priority: 'high' },
    });
  }
  if (riverside) {
    await onboardingBoard(riverside, 'elimisha', -21, 30, 'IGCSE school; M-Pesa paybill and Year 7-11 learner data still to come.', {
      contract_signed: { status: 'done', who: 'admin', due: -18 },
      school_profile: { status: 'done', who: 'elimisha', due: -14 },
      academic_year: { status: 'done', who: 'elimisha', due: -12 },
      streams_subjects: { status: 'in_progress', who: 'elimisha', due: -3, priority: 'high', comments: [{ who: 'elimisha', body: 'Waiting for the Year 10 option blocks from the deputy head.', hoursAgo: 30 }] },
      staff_accounts: { status: 'in_progress', who: 'admin', due: 1 },
      // Done: the school runs its learners in EduFam (the board shows "Detected"); the thread tells how.
      learners_imported: {
        status: 'done',
        who: 'elimisha',
        due: -2,
        priority: 'urgent',
        description: 'The school\'s export from the old system had no admission numbers for Year 7.',
        comments: [
          { who: 'elimisha', body: 'The CSV has no admission numbers for Year 7. Asked the registrar for the register.', hoursAgo: 50 },
          { who: 'admin', body: 'Registrar sent the Year 7 register with admission numbers; all learners imported and checked with the principal.', hoursAgo: 26 },
        ],
      },
      fee_structures: { status: 'todo', who: 'admin', due: -1 },
      mpesa_paybill: { status: 'todo', who: 'admin', due: 10 },
      parents_invited: { status: 'todo', who: 'elimisha', due: 18 },
      training_session: { status: 'todo', due: 24 },
      go_live: { status: 'todo', who: 'elimisha', due: 30, priority: 'high' },
    });
  }
  await board({
    name: `${release} release`,
    description: `What ships before schools open for ${release}: report card templates, SMS fee reminders and the timetable wizard.`,
    kind: 'internal',
    schoolId: null,
    owner: 'admin',
    status: 'active',
    start: -30,
    target: 35,
    tasks: [
      { title: 'CBC report card template for Grade 7–9', status: 'done', who: 'elimisha', due: -6, priority: 'high' },
      { title: 'Fee reminder SMS wording review', status: 'in_progress', who: 'admin', due: 3, comments: [{ who: 'admin', body: 'Draft shared with two directors; waiting for their comments.', hoursAgo: 6 }] },
      { title: 'Timetable wizard: double lessons', status: 'in_progress', who: 'elimisha', due: 12, priority: 'high' },
      { title: 'Release notes for school directors', status: 'todo', who: 'admin', due: 30 },
      { title: 'Load test with 5,000 learners', status: 'todo', who: 'elimisha', due: 20 },
      { title: 'Kiswahili strings for the parent app', status: 'blocked', who: 'admin', due: -4, priority: 'normal', description: 'Waiting for the translator\'s second batch.' },
      { title: `Term dates for ${cal.year + 1} from the Ministry circular`, status: 'todo', due: 14, priority: 'low' },
    ],
  });

  // The checklists: what was ticked by hand (Greenhill nearly all, Riverside the first steps).
  const ticked: Record<string, { keys: OnboardingKey[]; who: Who; notes?: Partial<Record<OnboardingKey, string>> }> = {};
  if (greenhill) {
    ticked[greenhill.id] = {
      keys: ['contract_signed', 'school_profile', 'academic_year', 'streams_subjects', 'staff_accounts', 'learners_imported', 'fee_structures', 'mpesa_paybill', 'parents_invited'],
      who: 'admin',
      notes: { training_session: 'Teachers Thursday 2 pm; finance office to schedule.' },
    };
  }
  if (riverside) {
    ticked[riverside.id] = { keys: ['contract_signed', 'school_profile', 'academic_year'], who: 'elimisha', notes: { learners_imported: 'Year 7 admission numbers came from the registrar’s register.' } };
  }
  for (const [schoolId, plan] of Object.entries(ticked)) {
    const rows = ONBOARDING_TEMPLATE.filter((i) => plan.keys.includes(i.key) || plan.notes?.[i.key]).map((i, n) => {
      const done = plan.keys.includes(i.key);
      return {
        schoolId,
        key: i.key,
        label: ONBOARDING_ITEM_LABELS[i.key] ?? i.key,
        done,
        doneBy: done ? staff[plan.who] : null,
        doneAt: done ? new Date(now - (40 - n * 3) * DAY) : null,
        note: plan.notes?.[i.key] ?? null,
      };
    });
    if (rows.length) await tx.insert(hubOnboardingItems).values(rows);
  }
}
