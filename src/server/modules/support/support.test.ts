import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO, countRows, createAccount, createTestApp, profileIdOf, schoolIdOf, signIn, system, type TestApp, apiCaller } from '../../../../tests/helpers.js';
import type { CannedReply, ListTicketsResponse, SupportReply, SupportStaffResponse, SupportStats, SupportTicketDetail } from '../../../shared/contracts/support.js';
import { SUPPORT_TARGETS } from '../../../shared/contracts/support.js';
import { supportMessages as sm } from '../../../shared/messages/support.js';
import { auditLogs, profiles, supportCannedReplies, supportTicketReplies, supportTickets } from '../../db/schema/index.js';
import { withLocale } from '../../lib/request-locale.js';
import { slaFigures } from './support.service.js';

/**
 * Support tickets (issue 17 §3, §4): a ticket goes from a school to the Support Center and back
 * (assignment, first response, internal notes the school never sees, school reply, resolution,
 * rating once); who sees what (opener, the school's director; a colleague and another school 404);
 * EduFam-only routes 403 for school roles; bad input 400 with nothing written; the queue's filters,
 * stats and demo data. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp;
let greenhill: string;
const cookie: Record<string, string> = {};
const OTHER_TEACHER = 'teacher2.support@greenhill.edufam.test';

beforeAll(async () => {
  t = await createTestApp();
  greenhill = await schoolIdOf(t.database, 'greenhill');
  await createAccount(t.database, { email: OTHER_TEACHER, name: 'Otieno Second Teacher', role: 'teacher', schoolId: greenhill });
  for (const [who, email] of Object.entries(DEMO.greenhill)) cookie[who] = await signIn(t.app, email, 'school');
  cookie.otherTeacher = await signIn(t.app, OTHER_TEACHER, 'school');
  cookie.rsTeacher = await signIn(t.app, DEMO.riverside.teacher, 'school');
  cookie.rsDirector = await signIn(t.app, DEMO.riverside.director, 'school');
  cookie.admin = await signIn(t.app, DEMO.admin, 'admin');
}, 600_000);
afterAll(async () => {
  await t?.close();
});

const { req, ok, fails } = apiCaller(() => t.app, cookie);

const ticketBody = (over: Record<string, unknown> = {}) => ({
  category: 'technical',
  priority: 'high',
  subject: 'Report cards will not print',
  description: 'When I press Print on the Grade 6 report cards nothing happens.',
  ...over,
});

const BOUNDARY = '----edufam-support-test';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
async function upload(who: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/attachments',
    headers: { cookie: cookie[who]!, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="screen.png"\r\nContent-Type: image/png\r\n\r\n`),
      PNG,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ fileId: string }>().fileId;
}

describe('a ticket from a school to the Support Center and back', () => {
  it('opens, assigns, answers, notes internally, resolves, rates once', async () => {
    const statsBefore = await ok<SupportStats>('admin', 'GET', '/api/support/stats');
    const fileId = await upload('teacher');
    const opened = await ok<SupportTicketDetail>('teacher', 'POST', '/api/support/tickets', ticketBody({ attachmentIds: [fileId] }), 201);
    expect(opened.reference).toBe(`T-${opened.number}`);
    expect(opened).toMatchObject({ status: 'open', priority: 'high', schoolId: greenhill, schoolName: 'Greenhill Academy', assignedTo: null, firstResponseAt: null, replies: 0 });
    expect(opened.openedBy).toMatchObject({ role: 'teacher' });
    expect(opened.attachments.map((a) => a.fileId)).toEqual([fileId]);
    expect(new Date(opened.firstResponseDueAt).getTime() - new Date(opened.createdAt).getTime()).toBe(SUPPORT_TARGETS.high.firstResponseMinutes * 60_000);
    const file = await req('teacher', 'GET', `/api/support/tickets/${opened.id}/attachments/${fileId}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');

    // The queue across schools, with the school's name; unassigned and search filters.
    const queue = await ok<ListTicketsResponse>('admin', 'GET', '/api/support/tickets?assignedTo=unassigned&pageSize=100');
    expect(queue.tickets.find((x) => x.id === opened.id)).toMatchObject({ schoolName: 'Greenhill Academy', subject: 'Report cards will not print' });
    const byRef = await ok<ListTicketsResponse>('admin', 'GET', `/api/support/tickets?q=${opened.reference}`);
    expect(byRef.tickets.map((x) => x.id)).toEqual([opened.id]);
    const staff = await ok<SupportStaffResponse>('admin', 'GET', '/api/support/staff');
    const adminId = await profileIdOf(t.database, DEMO.admin);
    expect(staff.staff.map((s) => s.id)).toContain(adminId);

    // Assign (audited), reply (first response stamped, in progress, e-mail), internal note.
    const assigned = await ok<SupportTicketDetail>('admin', 'PATCH', `/api/support/tickets/${opened.id}`, { assignedTo: adminId });
    expect(assigned.assignedTo?.id).toBe(adminId);
    const mine = await ok<ListTicketsResponse>('admin', 'GET', '/api/support/tickets?assignedTo=mine&pageSize=100');
    expect(mine.tickets.map((x) => x.id)).toContain(opened.id);
    const mails = t.mailbox.length;
    await ok<SupportReply>('admin', 'POST', `/api/support/tickets/${opened.id}/replies`, { body: 'Thanks, which browser are you using?' }, 201);
    expect(t.mailbox.length).toBe(mails + 1);
    expect(t.mailbox.at(-1)).toMatchObject({ to: DEMO.greenhill.teacher, subject: sm.email.replySubject(opened.reference, opened.subject) });
    const note = await ok<SupportReply>('admin', 'POST', `/api/support/tickets/${opened.id}/replies`, { body: 'Probably the pop-up blocker again.', internal: true }, 201);
    expect(note.internal).toBe(true);
    expect(t.mailbox.length).toBe(mails + 1);
    const waiting = await ok<SupportTicketDetail>('admin', 'PATCH', `/api/support/tickets/${opened.id}`, { status: 'waiting_for_school' });
    expect(waiting.firstResponseAt).not.toBeNull();
    expect(waiting.firstResponseMinutes).toBe(0);
    expect(waiting.firstResponseBreached).toBe(false);
    expect(waiting.thread.map((r) => r.internal)).toEqual([false, true]);

    // The teacher sees the reply but not the note; their reply puts it back in progress.
    const seen = await ok<SupportTicketDetail>('teacher', 'GET', `/api/support/tickets/${opened.id}`);
    expect(seen.thread.map((r) => r.body)).toEqual(['Thanks, which browser are you using?']);
    expect(seen.thread[0]).toMatchObject({ fromSupport: true });
    expect(seen.replies).toBe(1);
    expect(await fails('teacher', 'POST', `/api/support/tickets/${opened.id}/replies`, { body: 'sneaky', internal: true }, 400)).toMatchObject({ message: sm.api.internalNotAllowed });
    await ok<SupportReply>('teacher', 'POST', `/api/support/tickets/${opened.id}/replies`, { body: 'Chrome on Windows.' }, 201);
    const back = await ok<SupportTicketDetail>('admin', 'GET', `/api/support/tickets/${opened.id}`);
    expect(back.status).toBe('in_progress');
    expect(back.thread).toHaveLength(3);

    // Rating before resolution is refused; resolve; rate 5; twice 409.
    expect((await fails('teacher', 'POST', `/api/support/tickets/${opened.id}/rating`, { rating: 5 }, 409)).message).toBe(sm.api.ratingNotYet);
    const resolved = await ok<SupportTicketDetail>('admin', 'PATCH', `/api/support/tickets/${opened.id}`, { status: 'resolved' });
    expect(resolved.resolvedAt).not.toBeNull();
    expect(resolved.resolutionMinutes).toBe(0);
    const teacherView = await ok<SupportTicketDetail>('teacher', 'GET', `/api/support/tickets/${opened.id}`);
    expect(teacherView.can).toMatchObject({ rate: true, close: true, reopen: true, manage: false });
    await fails('director', 'POST', `/api/support/tickets/${opened.id}/rating`, { rating: 4 }, 403);
    expect((await fails('teacher', 'POST', `/api/support/tickets/${opened.id}/rating`, { rating: 6 }, 400)).message).toBeTruthy();
    const rated = await ok<SupportTicketDetail>('teacher', 'POST', `/api/support/tickets/${opened.id}/rating`, { rating: 5, comment: 'Quick and kind.' });
    expect(rated).toMatchObject({ rating: 5, ratingComment: 'Quick and kind.' });
    expect((await fails('teacher', 'POST', `/api/support/tickets/${opened.id}/rating`, { rating: 1 }, 409)).message).toBe(sm.api.ratingTwice);

    // The school closes it; closed is final.
    const closed = await ok<SupportTicketDetail>('teacher', 'PATCH', `/api/support/tickets/${opened.id}`, { status: 'closed' });
    expect(closed.closedAt).not.toBeNull();
    expect((await fails('teacher', 'POST', `/api/support/tickets/${opened.id}/replies`, { body: 'One more thing' }, 409)).message).toBe(sm.api.ticketClosed);
    expect((await fails('admin', 'PATCH', `/api/support/tickets/${opened.id}`, { status: 'open' }, 409)).message).toBe(sm.api.ticketClosed);
    expect((await fails('teacher', 'PATCH', `/api/support/tickets/${opened.id}`, { status: 'open' }, 409)).message).toBe(sm.api.ticketClosed);

    const audit = await system(t.database, (tx) => tx.select().from(auditLogs).where(and(eq(auditLogs.resource, opened.id), inArray(auditLogs.action, ['support.ticket.assign', 'support.ticket.status']))));
    expect(audit.map((a) => a.action).sort()).toEqual(['support.ticket.assign', 'support.ticket.status', 'support.ticket.status', 'support.ticket.status', 'support.ticket.status', 'support.ticket.status']);

    const statsAfter = await ok<SupportStats>('admin', 'GET', '/api/support/stats');
    expect(statsAfter.byStatus.closed).toBe(statsBefore.byStatus.closed + 1);
    expect(statsAfter.openedLast30Days).toBe(statsBefore.openedLast30Days + 1);
    expect(statsAfter.ratings).toBe(statsBefore.ratings + 1);
    expect(statsAfter.satisfactionAverage).not.toBeNull();
  });

  it('a school reply on a resolved ticket reopens it; the school may reopen or close only from resolved', async () => {
    const tk = await ok<SupportTicketDetail>('principal', 'POST', '/api/support/tickets', ticketBody({ category: 'billing', priority: 'low', subject: 'Invoice question' }), 201);
    expect((await fails('principal', 'PATCH', `/api/support/tickets/${tk.id}`, { status: 'closed' }, 403)).message).toBe(sm.api.schoolStatusNotAllowed);
    await ok('admin', 'PATCH', `/api/support/tickets/${tk.id}`, { status: 'resolved' });
    await ok('principal', 'POST', `/api/support/tickets/${tk.id}/replies`, { body: 'Still wrong, sorry.' }, 201);
    const reopened = await ok<SupportTicketDetail>('admin', 'GET', `/api/support/tickets/${tk.id}`);
    expect(reopened).toMatchObject({ status: 'open', resolvedAt: null });
    await ok('admin', 'PATCH', `/api/support/tickets/${tk.id}`, { status: 'resolved' });
    const again = await ok<SupportTicketDetail>('principal', 'PATCH', `/api/support/tickets/${tk.id}`, { status: 'open' });
    expect(again.status).toBe('open');
  });
});

describe('live events and e-mail', () => {
  it('publishes support.changed to the opener, the school director and EduFam staff; a failed e-mail does not fail the reply', async () => {
    const seen: { audience: Record<string, unknown>; data: Record<string, unknown> }[] = [];
    const off = t.deps.events.subscribe((e) => {
      if (e.type === 'support.changed') seen.push({ audience: e.audience as Record<string, unknown>, data: e.data });
    });
    const teacherId = await profileIdOf(t.database, DEMO.greenhill.teacher);
    const tk = await ok<SupportTicketDetail>('teacher', 'POST', '/api/support/tickets', ticketBody({ subject: 'Live check' }), 201);
    await vi.waitFor(() => expect(seen.filter((e) => e.data.ticketId === tk.id)).toHaveLength(3), { timeout: 10_000 });
    const audiences = seen.filter((e) => e.data.ticketId === tk.id).map((e) => e.audience);
    expect(audiences).toContainEqual({ userIds: [teacherId] });
    expect(audiences).toContainEqual({ schoolIds: [greenhill], roles: ['school_director'] });
    expect(audiences).toContainEqual({ roles: ['edufam_admin', 'elimisha_admin'] });

    const send = t.deps.mailer.send;
    t.deps.mailer.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      await ok<SupportReply>('admin', 'POST', `/api/support/tickets/${tk.id}/replies`, { body: 'We are looking into it.' }, 201);
    } finally {
      t.deps.mailer.send = send;
      off();
    }
    const after = await ok<SupportTicketDetail>('teacher', 'GET', `/api/support/tickets/${tk.id}`);
    expect(after).toMatchObject({ status: 'in_progress', replies: 1 });
  });

  it('the reply e-mail is written in the opener’s saved language, not the replier’s (issue 36 §2)', async () => {
    await system(t.database, (tx) => tx.update(profiles).set({ locale: 'sw' }).where(eq(profiles.email, OTHER_TEACHER)));
    try {
      const tk = await ok<SupportTicketDetail>('otherTeacher', 'POST', '/api/support/tickets', ticketBody({ subject: 'Kiswahili check' }), 201);
      const mails = t.mailbox.length;
      await ok<SupportReply>('admin', 'POST', `/api/support/tickets/${tk.id}/replies`, { body: 'Tunashughulikia.' }, 201);
      expect(t.mailbox.length).toBe(mails + 1);
      const mail = t.mailbox.at(-1)!;
      expect(mail).toMatchObject({ to: OTHER_TEACHER, subject: withLocale('sw', () => sm.email.replySubject(tk.reference, tk.subject)) });
      expect(mail.subject).not.toBe(sm.email.replySubject(tk.reference, tk.subject));
      expect(mail.text).toContain('Habari Otieno Second Teacher');
    } finally {
      await system(t.database, (tx) => tx.update(profiles).set({ locale: 'en' }).where(eq(profiles.email, OTHER_TEACHER)));
    }
  });
});

describe('who sees what', () => {
  let ticketId: string;
  beforeAll(async () => {
    ticketId = (await ok<SupportTicketDetail>('teacher', 'POST', '/api/support/tickets', ticketBody({ subject: 'Marks disappeared' }), 201)).id;
  });

  it('the director sees the teacher’s ticket; a colleague and another school get 404', async () => {
    const list = await ok<ListTicketsResponse>('director', 'GET', '/api/support/tickets?pageSize=100');
    expect(list.tickets.map((x) => x.id)).toContain(ticketId);
    expect(list.tickets.every((x) => x.schoolId === greenhill)).toBe(true);
    await ok('director', 'GET', `/api/support/tickets/${ticketId}`);
    await ok('director', 'POST', `/api/support/tickets/${ticketId}/replies`, { body: 'I see this too.' }, 201);

    const colleague = await ok<ListTicketsResponse>('otherTeacher', 'GET', '/api/support/tickets');
    expect(colleague.tickets.map((x) => x.id)).not.toContain(ticketId);
    await fails('otherTeacher', 'GET', `/api/support/tickets/${ticketId}`, undefined, 404);
    await fails('otherTeacher', 'POST', `/api/support/tickets/${ticketId}/replies`, { body: 'hi' }, 404);

    for (const who of ['rsTeacher', 'rsDirector']) {
      await fails(who, 'GET', `/api/support/tickets/${ticketId}`, undefined, 404);
      await fails(who, 'POST', `/api/support/tickets/${ticketId}/replies`, { body: 'hi' }, 404);
      await fails(who, 'PATCH', `/api/support/tickets/${ticketId}`, { status: 'closed' }, 404);
      const rs = await ok<ListTicketsResponse>(who, 'GET', '/api/support/tickets?pageSize=100');
      expect(rs.tickets.map((x) => x.id)).not.toContain(ticketId);
      // Naming another school in the query changes nothing for a school user.
      const named = await ok<ListTicketsResponse>(who, 'GET', `/api/support/tickets?schoolId=${greenhill}&pageSize=100`);
      expect(named.tickets.some((x) => x.schoolId === greenhill)).toBe(false);
    }
  });

  it('a teacher’s own list shows only their tickets', async () => {
    const teacherId = await profileIdOf(t.database, DEMO.greenhill.teacher);
    const list = await ok<ListTicketsResponse>('teacher', 'GET', '/api/support/tickets?pageSize=100');
    expect(list.tickets.length).toBeGreaterThan(0);
    expect(list.tickets.every((x) => x.openedBy?.id === teacherId)).toBe(true);
  });

  it('a parent can open a ticket and follow it', async () => {
    const tk = await ok<SupportTicketDetail>('parent', 'POST', '/api/support/tickets', ticketBody({ category: 'data_correction', priority: 'normal', subject: 'Wrong phone number on my account' }), 201);
    expect(tk.openedBy?.role).toBe('parent');
    const list = await ok<ListTicketsResponse>('parent', 'GET', '/api/support/tickets?status=open');
    expect(list.tickets.map((x) => x.id)).toContain(tk.id);
  });

  it('school roles cannot PATCH status, priority or assignee, nor use EduFam routes (403); no session 401', async () => {
    const adminId = await profileIdOf(t.database, DEMO.admin);
    await fails('teacher', 'PATCH', `/api/support/tickets/${ticketId}`, { status: 'in_progress' }, 403);
    await fails('director', 'PATCH', `/api/support/tickets/${ticketId}`, { priority: 'urgent' }, 403);
    await fails('teacher', 'PATCH', `/api/support/tickets/${ticketId}`, { assignedTo: adminId }, 403);
    for (const [method, url] of [
      ['GET', '/api/support/canned-replies'],
      ['POST', '/api/support/canned-replies'],
      ['GET', '/api/support/stats'],
      ['GET', '/api/support/staff'],
    ] as const) {
      await fails('principal', method, url, method === 'POST' ? { title: 'x', body: 'y' } : undefined, 403);
      await fails(undefined, method, url, method === 'POST' ? { title: 'x', body: 'y' } : undefined, 401);
    }
    await fails(undefined, 'GET', '/api/support/tickets', undefined, 401);
    await fails('admin', 'POST', '/api/support/tickets', ticketBody(), 403);
  });
});

describe('bad input', () => {
  it('refuses an empty subject or description, an unknown category or attachment, with nothing written', async () => {
    const before = await countRows(t.database, supportTickets);
    expect((await fails('teacher', 'POST', '/api/support/tickets', ticketBody({ description: '   ' }), 400)).message).toContain(sm.api.descriptionRequired);
    expect((await fails('teacher', 'POST', '/api/support/tickets', ticketBody({ subject: '' }), 400)).message).toContain(sm.api.subjectRequired);
    await fails('teacher', 'POST', '/api/support/tickets', ticketBody({ category: 'gossip' }), 400);
    // An attachment the caller did not upload (another user's file) → 400, nothing written.
    const principalFile = await upload('principal');
    await fails('teacher', 'POST', '/api/support/tickets', ticketBody({ attachmentIds: [principalFile] }), 400);
    expect(await countRows(t.database, supportTickets)).toBe(before);

    const tk = await ok<SupportTicketDetail>('teacher', 'POST', '/api/support/tickets', ticketBody({ subject: 'For bad replies' }), 201);
    const replies = await countRows(t.database, supportTicketReplies);
    await fails('teacher', 'POST', `/api/support/tickets/${tk.id}/replies`, { body: '  ' }, 400);
    await fails('admin', 'PATCH', `/api/support/tickets/${tk.id}`, {}, 400);
    await fails('admin', 'PATCH', `/api/support/tickets/${tk.id}`, { status: 'done' }, 400);
    const teacherId = await profileIdOf(t.database, DEMO.greenhill.teacher);
    expect((await fails('admin', 'PATCH', `/api/support/tickets/${tk.id}`, { assignedTo: teacherId }, 400)).message).toBe(sm.api.staffNotFound);
    await fails('admin', 'GET', '/api/support/tickets/not-a-uuid', undefined, 400);
    await fails('admin', 'GET', '/api/support/tickets/00000000-0000-4000-8000-000000000000', undefined, 404);
    expect(await countRows(t.database, supportTicketReplies)).toBe(replies);
    const after = await ok<SupportTicketDetail>('admin', 'GET', `/api/support/tickets/${tk.id}`);
    expect(after).toMatchObject({ status: 'open', assignedTo: null });
  });
});

describe('canned replies', () => {
  it('EduFam staff create, edit, list and delete them', async () => {
    const made = await ok<CannedReply>('admin', 'POST', '/api/support/canned-replies', { title: 'Clear the cache', body: 'Please press Ctrl+Shift+R and try again.' }, 201);
    const edited = await ok<CannedReply>('admin', 'PUT', `/api/support/canned-replies/${made.id}`, { title: 'Clear the browser cache', body: made.body });
    expect(edited.title).toBe('Clear the browser cache');
    const list = await ok<{ cannedReplies: CannedReply[] }>('admin', 'GET', '/api/support/canned-replies');
    expect(list.cannedReplies.map((c) => c.id)).toContain(made.id);
    await fails('admin', 'POST', '/api/support/canned-replies', { title: '', body: 'x' }, 400);
    await req('admin', 'DELETE', `/api/support/canned-replies/${made.id}`).then((res) => expect(res.statusCode).toBe(204));
    await fails('admin', 'DELETE', `/api/support/canned-replies/${made.id}`, undefined, 404);
  });
});

describe('figures and demo data', () => {
  it('computes breaches against the targets by priority', () => {
    const created = new Date('2026-01-05T08:00:00Z');
    const now = new Date('2026-01-05T10:00:00Z');
    const urgent = slaFigures({ priority: 'urgent', status: 'open', createdAt: created, firstResponseAt: null, resolvedAt: null, closedAt: null }, now);
    expect(urgent).toMatchObject({ firstResponseBreached: true, resolutionBreached: false, firstResponseMinutes: null });
    const low = slaFigures({ priority: 'low', status: 'resolved', createdAt: created, firstResponseAt: new Date('2026-01-05T09:30:00Z'), resolvedAt: new Date('2026-01-06T08:00:00Z'), closedAt: null }, now);
    expect(low).toMatchObject({ firstResponseMinutes: 90, resolutionMinutes: 24 * 60, firstResponseBreached: false, resolutionBreached: false });
  });

  it('the queue filters overdue tickets', async () => {
    const overdue = await ok<ListTicketsResponse>('admin', 'GET', '/api/support/tickets?overdue=true&pageSize=100');
    expect(overdue.tickets.every((x) => ['open', 'in_progress', 'waiting_for_school'].includes(x.status) && (x.firstResponseBreached || x.resolutionBreached))).toBe(true);
  });

  it('the demo seed gives each school tickets in every status, threads with internal notes, and canned replies once', async () => {
    const rows = await system(t.database, (tx) => tx.select().from(supportTickets));
    const seeded = rows.filter((r) => r.createdAt.getTime() < Date.now() - 60 * 60_000);
    for (const code of ['greenhill', 'riverside'] as const) {
      const sid = await schoolIdOf(t.database, code);
      const statuses = new Set(seeded.filter((r) => r.schoolId === sid).map((r) => r.status));
      expect([...statuses].sort()).toEqual(['closed', 'in_progress', 'open', 'resolved', 'waiting_for_school']);
    }
    expect(seeded.some((r) => r.satisfactionRating !== null)).toBe(true);
    const notes = await system(t.database, (tx) => tx.select().from(supportTicketReplies).where(eq(supportTicketReplies.internal, true)));
    expect(notes.length).toBeGreaterThan(0);
    const canned = await system(t.database, (tx) => tx.select().from(supportCannedReplies));
    expect(new Set(canned.map((c) => c.title)).size).toBe(canned.length);
    expect(canned.length).toBeGreaterThanOrEqual(3);
    const stats = await ok<SupportStats>('admin', 'GET', '/api/support/stats');
    expect(stats.satisfactionAverage).not.toBeNull();
  });
});
