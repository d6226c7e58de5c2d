import { describe, expect, it } from 'vitest';
import type { PutRegisterBody, PutRegisterResponse } from '@shared/contracts/attendance';
import { ApiError } from '@/lib/api';
import { createOutbox, outcomeOfError, registerId, type KeyValueStorage, type OutboxEvent, type OutboxItem, type SendOutcome } from './outbox';

/** The register outbox (issue 13 §1 "Works offline"): queue, idempotent re-sends, final refusals, drafts. */

const CLASS = '7b1c9a52-7f7e-4a5e-8a39-4f1b3f0d2a11';
const A = '0a6a1d62-3c8e-4b0c-9d38-9f1f3f4e5a01';
const B = '0a6a1d62-3c8e-4b0c-9d38-9f1f3f4e5a02';
const meta = { className: 'Grade 7 East', date: '2026-10-23', session: 'day' };

function memory(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

const body = (entries: PutRegisterBody['entries'], reason?: string): PutRegisterBody => ({ classId: CLASS, date: '2026-10-23', session: 'day', entries, ...(reason ? { reason } : {}) });
const response = (changed: number) => ({ changed, alerted: 0 }) as unknown as PutRegisterResponse;

function setup(opts: { online?: () => boolean; send?: (item: OutboxItem) => Promise<SendOutcome>; storage?: ReturnType<typeof memory> } = {}) {
  const storage = opts.storage ?? memory();
  const sent: OutboxItem[] = [];
  let n = 0;
  const box = createOutbox({
    storage,
    key: 'outbox.user-1',
    isOnline: opts.online ?? (() => true),
    newId: () => `key-${++n}`,
    now: () => new Date('2026-10-23T07:30:00Z'),
    send:
      opts.send ??
      (async (item) => {
        sent.push(item);
        return { kind: 'ok', response: response(item.body.entries.length) };
      }),
  });
  const events: OutboxEvent[] = [];
  box.onEvent((e) => events.push(e));
  return { box, storage, sent, events };
}

describe('register outbox', () => {
  it('sends queued saves in order with their own key and empties the queue', async () => {
    const { box, sent, events, storage } = setup();
    const first = box.enqueue(body([{ studentId: A, status: 'absent' }]), meta);
    const second = box.enqueue(body([{ studentId: B, status: 'late', arrivalTime: '08:10' }]), meta);
    expect(JSON.parse(storage.data.get('outbox.user-1')!).pending.map((i: OutboxItem) => i.id)).toEqual(['key-1', 'key-2']);
    await box.flush();
    expect(sent.map((i) => i.id)).toEqual([first.id, second.id]);
    expect(box.getState().pending).toEqual([]);
    expect(events.map((e) => e.type)).toEqual(['sent', 'sent']);
    expect(JSON.parse(storage.data.get('outbox.user-1')!).pending).toEqual([]);
  });

  it('keeps a save while offline without trying, and sends it once back online', async () => {
    let online = false;
    const { box, sent } = setup({ online: () => online });
    box.enqueue(body([{ studentId: A, status: 'absent' }]), meta);
    await box.flush();
    expect(sent).toHaveLength(0);
    expect(box.getState().pending[0]).toMatchObject({ id: 'key-1', attempts: 0, lastError: null });
    online = true;
    await box.flush();
    expect(sent.map((i) => i.id)).toEqual(['key-1']);
    expect(box.getState().pending).toHaveLength(0);
  });

  it('re-sends a save that failed on the network with the same key, and stops the queue behind it', async () => {
    const tries: string[] = [];
    let fail = true;
    const { box, events } = setup({
      send: async (item) => {
        tries.push(item.id);
        if (fail) return outcomeOfError(new ApiError(0, 'NETWORK', 'No connection'));
        return { kind: 'ok', response: response(1) };
      },
    });
    box.enqueue(body([{ studentId: A, status: 'absent' }]), meta);
    box.enqueue(body([{ studentId: B, status: 'present' }]), meta);
    await box.flush();
    expect(tries).toEqual(['key-1']);
    expect(box.getState().pending.map((i) => [i.id, i.attempts, i.lastError])).toEqual([
      ['key-1', 1, 'No connection'],
      ['key-2', 0, null],
    ]);
    expect(events.map((e) => e.type)).toEqual(['retry']);
    fail = false;
    await box.flush();
    expect(tries).toEqual(['key-1', 'key-1', 'key-2']);
    expect(box.getState().pending).toHaveLength(0);
  });

  it('drops a save the server refuses (4xx), keeps why, and puts its marks back in the draft', async () => {
    const { box, events } = setup({
      send: async (item) =>
        item.id === 'key-1'
          ? outcomeOfError(new ApiError(400, 'BAD_REQUEST', 'Give a reason for changing a past register.', { reason: 'Give a reason for changing a past register.' }))
          : { kind: 'ok', response: response(1) },
    });
    const ref = { classId: CLASS, date: '2026-10-23', session: 'day' };
    // An edit made after queueing wins over the refused mark of the same learner.
    box.enqueue(body([{ studentId: A, status: 'absent', note: 'Sick' }, { studentId: B, status: 'late', arrivalTime: '08:05' }]), meta);
    box.setDraft(registerId(ref), { marks: { B: { status: 'present', note: '', arrivalTime: '' } }, reason: '', updatedAt: 'x' });
    box.enqueue(body([{ studentId: A, status: 'present' }]), meta);
    await box.flush();
    expect(events.map((e) => e.type)).toEqual(['rejected', 'sent']);
    const { rejected, pending, drafts } = box.getState();
    expect(pending).toHaveLength(0);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toMatchObject({ id: 'key-1', status: 400, error: 'Give a reason for changing a past register.', fields: { reason: 'Give a reason for changing a past register.' } });
    expect(drafts[registerId(ref)]!.marks).toEqual({
      B: { status: 'present', note: '', arrivalTime: '' },
      [A]: { status: 'absent', note: 'Sick', arrivalTime: '' },
      [B]: { status: 'late', note: '', arrivalTime: '08:05' },
    });
    box.dismiss('key-1');
    expect(box.getState().rejected).toHaveLength(0);
  });

  it('retries what may succeed later: signed out, rate limited, server errors', () => {
    for (const status of [0, 401, 408, 429, 500, 503]) expect(outcomeOfError(new ApiError(status, 'X', 'm')).kind).toBe('retry');
    for (const status of [400, 403, 404, 409, 422]) expect(outcomeOfError(new ApiError(status, 'X', 'm')).kind).toBe('rejected');
    expect(outcomeOfError(new TypeError('Failed to fetch')).kind).toBe('retry');
  });

  it('sends one flush at a time (a second call joins the first)', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const tries: string[] = [];
    const { box } = setup({
      send: async (item) => {
        tries.push(item.id);
        await gate;
        return { kind: 'ok', response: response(1) };
      },
    });
    box.enqueue(body([{ studentId: A, status: 'absent' }]), meta);
    const a = box.flush();
    const b = box.flush();
    expect(box.getState().syncing).toBe(true);
    release();
    await Promise.all([a, b]);
    expect(tries).toEqual(['key-1']);
    expect(box.getState().syncing).toBe(false);
  });

  it('survives a reload: the queue and drafts come back from storage, and an empty draft is removed', async () => {
    const storage = memory();
    const first = setup({ storage, online: () => false });
    first.box.enqueue(body([{ studentId: A, status: 'absent' }]), meta);
    first.box.setDraft('r1', { marks: { [B]: { status: 'excused', note: 'Clinic', arrivalTime: '' } }, reason: 'Corrected', updatedAt: 'x' });
    const again = setup({ storage });
    expect(again.box.getState().pending.map((i) => i.id)).toEqual(['key-1']);
    expect(again.box.getState().drafts.r1!.reason).toBe('Corrected');
    again.box.setDraft('r1', { marks: {}, reason: '', updatedAt: 'y' });
    expect(again.box.getState().drafts).toEqual({});
    // A broken store is an empty outbox, not a crash.
    storage.data.set('outbox.user-1', '{not json');
    expect(setup({ storage }).box.getState()).toMatchObject({ pending: [], rejected: [], drafts: {} });
  });
});
