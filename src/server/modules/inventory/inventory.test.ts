import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GREENHILL_SESSIONS, multipartFile, openDemoApp, system, type TestApp } from '../../../../tests/helpers.js';
import type { ImportResult, InventoryItem, ItemsResponse, MovementResult, MovementsResponse, StockTakeResult, Supplier, Valuation } from '../../../shared/contracts/inventory.js';
import type { StudentAccount } from '../../../shared/contracts/fees.js';
import { inventoryMessages } from '../../../shared/messages/inventory.js';
import { auditLogs, inventoryItems, inventoryMovements, invoiceLines, students, studentCharges } from '../../db/schema/index.js';
import { inspectPdf } from '../../lib/pdf.js';

/**
 * The store (issue 15 §5): access on every route (401 / 403 other roles / 404 other school / 400),
 * weighted average cost after purchases, over-issue refused with nothing written, a sale raising the
 * learner's balance by exactly the amount with the line on their invoice, stock takes, the opening
 * stock import (preview errors, commit), idempotent retries, the valuation downloads and the seed.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp;
let greenhill: string;
let riverside: string;
const cookie: Record<string, string> = {};
const m = inventoryMessages.api;

beforeAll(async () => {
  ({ t, greenhill, riverside } = await openDemoApp(cookie, [...GREENHILL_SESSIONS, 'rsFinance']));
});
afterAll(async () => {
  await t?.close();
});

const send = (method: 'GET' | 'POST' | 'PATCH', url: string, who?: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...(who ? { cookie: cookie[who]! } : {}), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
async function json<T>(method: 'GET' | 'POST' | 'PATCH', url: string, who: string, payload?: unknown, status = method === 'POST' && !url.includes('import') ? 201 : 200): Promise<T> {
  const res = await send(method, url, who, payload);
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
}
const itemByCode = async (code: string, who = 'finance') => (await json<ItemsResponse>('GET', `/api/inventory/items?q=${code}`, who)).items.find((i) => i.code === code)!;
const movementCount = (schoolId: string) => system(t.database, async (tx) => (await tx.select().from(inventoryMovements).where(eq(inventoryMovements.schoolId, schoolId))).length);
let n = 0;
const newItem = async (over: Record<string, unknown> = {}) =>
  json<InventoryItem>('POST', '/api/inventory/items', 'finance', { code: `T-${++n}-${Date.now() % 100000}`, name: `Test item ${n}`, category: 'uniform', unit: 'piece', reorderLevel: 2, salePrice: 700, ...over });
const move = (body: Record<string, unknown>, who = 'finance', headers: Record<string, string> = {}) => send('POST', '/api/inventory/movements', who, body, headers);

function upload(url: string, who: string, name: string, content: string | Buffer, type = 'text/csv') {
  const boundary = '----edufam-inventory-test';
  const payload = multipartFile(boundary, name, type, content);
  return t.app.inject({ method: 'POST', url, headers: { cookie: cookie[who]!, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
}

describe('access', () => {
  it('asks for a session (401), refuses other roles (403) and lets the principal and director read but not write', async () => {
    const reads = ['/api/inventory/items', '/api/inventory/movements', '/api/inventory/valuation', '/api/inventory/alerts', '/api/inventory/summary', '/api/suppliers'];
    for (const url of reads) {
      expect((await send('GET', url)).statusCode, url).toBe(401);
      for (const who of ['teacher', 'parent', 'hr']) expect((await send('GET', url, who)).statusCode, `${who} ${url}`).toBe(403);
      for (const who of ['principal', 'director', 'finance']) expect((await send('GET', url, who)).statusCode, `${who} ${url}`).toBe(200);
    }
    const sweater = await itemByCode('UNI-SWT');
    const writes: [string, unknown][] = [
      ['/api/inventory/items', { code: 'X-1', name: 'X', category: 'uniform' }],
      ['/api/inventory/movements', { itemId: sweater.id, type: 'stock_in', quantity: 1, unitCost: 10 }],
      ['/api/inventory/stock-takes', { countedOn: '2026-11-01', lines: [{ itemId: sweater.id, counted: 0, reason: 'x' }] }],
      ['/api/suppliers', { name: 'Nope Ltd' }],
    ];
    for (const [url, body] of writes) {
      expect((await send('POST', url, undefined, body)).statusCode, url).toBe(401);
      for (const who of ['principal', 'director', 'teacher', 'parent', 'hr']) expect((await send('POST', url, who, body)).statusCode, `${who} ${url}`).toBe(403);
    }
    expect((await send('PATCH', `/api/inventory/items/${sweater.id}`, 'principal', { name: 'X' })).statusCode).toBe(403);
    expect((await send('GET', '/api/inventory/import/template.xlsx', 'director')).statusCode).toBe(403);
  });

  it('hides another school’s items, suppliers and learners (404) and writes nothing', async () => {
    const rsSweater = (await json<ItemsResponse>('GET', '/api/inventory/items?q=UNI-SWT', 'rsFinance')).items[0]!;
    const rsSupplier = (await json<{ items: Supplier[] }>('GET', '/api/suppliers', 'rsFinance')).items[0]!;
    expect((await send('GET', `/api/inventory/items/${rsSweater.id}/movements`, 'finance')).statusCode).toBe(404);
    expect((await send('PATCH', `/api/inventory/items/${rsSweater.id}`, 'finance', { name: 'Mine now' })).statusCode).toBe(404);
    expect((await send('PATCH', `/api/suppliers/${rsSupplier.id}`, 'finance', { name: 'Mine now' })).statusCode).toBe(404);
    const before = await movementCount(riverside);
    expect((await move({ itemId: rsSweater.id, type: 'stock_in', quantity: 5, unitCost: 100 })).statusCode).toBe(404);
    // A sale to a learner of another school.
    const [rsLearner] = await system(t.database, (tx) => tx.select({ id: students.id }).from(students).where(eq(students.schoolId, riverside)).limit(1));
    const sweater = await itemByCode('UNI-SWT');
    const res = await move({ itemId: sweater.id, type: 'sale', quantity: 1, studentId: rsLearner!.id });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().error.message).toBe(m.learnerNotFound);
    expect(await movementCount(riverside)).toBe(before);
    expect((await itemByCode('UNI-SWT')).quantity).toBe(sweater.quantity);
    // Their own lists never show Greenhill's rows.
    const rsItems = await json<ItemsResponse>('GET', '/api/inventory/items?pageSize=200', 'rsFinance');
    expect(rsItems.items.some((i) => i.id === sweater.id)).toBe(false);
  });
});

describe('movements', () => {
  it('moves the weighted average cost with each purchase and issues at that average', async () => {
    const item = await newItem({ salePrice: null });
    let r = (await move({ itemId: item.id, type: 'purchase', quantity: 10, unitCost: 100 })).json<MovementResult>();
    expect(r.item).toMatchObject({ quantity: 10, averageCost: 100, value: 1000 });
    r = (await move({ itemId: item.id, type: 'stock_in', quantity: 5, unitCost: 130 })).json<MovementResult>();
    expect(r.item).toMatchObject({ quantity: 15, averageCost: 110, value: 1650 });
    expect(r.movement).toMatchObject({ type: 'stock_in', quantity: 5, unitCost: 130, balanceAfter: 15, averageCostAfter: 110 });
    r = (await move({ itemId: item.id, type: 'stock_in', quantity: 3, unitCost: 99.99 })).json<MovementResult>();
    // (15 × 110 + 3 × 99.99) / 18 = 108.3316… → 108.33
    expect(r.item.averageCost).toBe(108.33);
    const out = await move({ itemId: item.id, type: 'out', quantity: 4, department: 'Sciences' });
    expect(out.statusCode, out.body).toBe(201);
    expect(out.json<MovementResult>().movement).toMatchObject({ type: 'issue', quantity: -4, unitCost: 108.33, value: 433.32, department: 'Sciences', balanceAfter: 14 });
    expect(out.json<MovementResult>().item).toMatchObject({ quantity: 14, averageCost: 108.33 });
    const history = await json<MovementsResponse>('GET', `/api/inventory/items/${item.id}/movements`, 'principal');
    expect(history.items.map((x) => x.quantity)).toEqual([-4, 3, 5, 10]);
  });

  it('refuses to issue more than is held with a clear message, and writes nothing', async () => {
    const item = await newItem();
    await move({ itemId: item.id, type: 'stock_in', quantity: 12, unitCost: 50 });
    const before = await movementCount(greenhill);
    const audits = await system(t.database, async (tx) => (await tx.select().from(auditLogs).where(eq(auditLogs.schoolId, greenhill))).length);
    const res = await move({ itemId: item.id, type: 'issue', quantity: 13, department: 'Games' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'INSUFFICIENT_STOCK', message: expect.stringContaining('Only 12 in stock') });
    const learner = await aLearner();
    expect((await move({ itemId: item.id, type: 'sale', quantity: 20, studentId: learner.id })).statusCode).toBe(409);
    expect((await move({ itemId: item.id, type: 'adjustment', quantity: -13, reason: 'lost' })).statusCode).toBe(409);
    expect(await movementCount(greenhill)).toBe(before);
    expect(await system(t.database, async (tx) => (await tx.select().from(auditLogs).where(eq(auditLogs.schoolId, greenhill))).length)).toBe(audits);
    expect((await itemByCode(item.code)).quantity).toBe(12);
    const charges = await system(t.database, (tx) => tx.select().from(studentCharges).where(eq(studentCharges.studentId, learner.id)));
    expect(charges.filter((c) => c.description.startsWith(item.name))).toHaveLength(0);
  });

  it('refuses bad input with 400 and the field, nothing written', async () => {
    const item = await newItem({ salePrice: null });
    await move({ itemId: item.id, type: 'stock_in', quantity: 10, unitCost: 50 });
    const before = await movementCount(greenhill);
    const learner = await aLearner();
    const cases: [Record<string, unknown>, string][] = [
      [{ itemId: item.id, type: 'stock_in', quantity: -3, unitCost: 10 }, 'quantity'],
      [{ itemId: item.id, type: 'stock_in', quantity: 0, unitCost: 10 }, 'quantity'],
      [{ itemId: item.id, type: 'stock_in', quantity: 1.5, unitCost: 10 }, 'quantity'],
      [{ itemId: item.id, type: 'stock_in', quantity: 3, unitCost: -10 }, 'unitCost'],
      [{ itemId: item.id, type: 'stock_in', quantity: 3, unitCost: 10.001 }, 'unitCost'],
      [{ itemId: item.id, type: 'stock_in', quantity: 3 }, 'unitCost'],
      [{ itemId: item.id, type: 'issue', quantity: -2, department: 'Games' }, 'quantity'],
      [{ itemId: item.id, type: 'issue', quantity: 2 }, 'department'],
      [{ itemId: item.id, type: 'sale', quantity: 1 }, 'studentId'],
      [{ itemId: item.id, type: 'sale', quantity: 1, studentId: learner.id }, 'unitPrice'],
      [{ itemId: item.id, type: 'sale', quantity: 1, studentId: learner.id, unitPrice: -5 }, 'unitPrice'],
      [{ itemId: item.id, type: 'adjustment', quantity: -1 }, 'reason'],
      [{ itemId: item.id, type: 'adjustment', quantity: 0, reason: 'x' }, 'quantity'],
      [{ itemId: item.id, type: 'opening', quantity: 5, unitCost: 1 }, 'type'],
      [{ itemId: item.id, type: 'teleport', quantity: 5 }, 'type'],
      [{ itemId: item.id, type: 'stock_in', quantity: 1, unitCost: 1, movedOn: '2099-01-01' }, 'movedOn'],
    ];
    for (const [body, field] of cases) {
      const res = await move(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await movementCount(greenhill)).toBe(before);
    expect((await itemByCode(item.code)).quantity).toBe(10);
  });
});

async function aLearner() {
  const [row] = await system(t.database, (tx) => tx.select({ id: students.id }).from(students).where(and(eq(students.schoolId, greenhill), eq(students.status, 'active'))).limit(1));
  return row!;
}

describe('sales to learners', () => {
  it('raises the learner’s balance by exactly the amount and puts the line on their invoice', async () => {
    const sweater = await itemByCode('UNI-SWT');
    const page = await json<{ items: { studentId: string }[] }>('GET', '/api/fees/accounts?pageSize=5&sort=balance_desc', 'finance');
    const learnerId = page.items[3]!.studentId;
    const before = await json<StudentAccount>('GET', `/api/students/${learnerId}/account`, 'finance');
    const res = await move({ itemId: sweater.id, type: 'sale', quantity: 2, studentId: learnerId }, 'finance');
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json<MovementResult>();
    expect(r.movement).toMatchObject({ type: 'sale', quantity: -2, unitPrice: 1500, unitCost: sweater.averageCost, studentId: learnerId });
    expect(r.item.quantity).toBe(sweater.quantity - 2);
    expect(r.charge).toMatchObject({ status: 'invoiced', amount: 3000 });
    expect(r.movement.invoiceId).toBe(r.charge!.invoiceId);
    const after = await json<StudentAccount>('GET', `/api/students/${learnerId}/account`, 'finance');
    expect(Math.round(after.balance * 100) - Math.round(before.balance * 100)).toBe(300_000);
    const lines = await system(t.database, (tx) => tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, r.charge!.invoiceId!)));
    expect(lines.find((l) => l.name === 'School sweater × 2')).toMatchObject({ amountCents: 300_000, category: 'uniform' });
    // A price given on the sale overrides the item's; the sales KPI counts it.
    const summary = await json<{ salesThisTerm: number }>('GET', '/api/inventory/summary', 'director');
    expect(summary.salesThisTerm).toBeGreaterThanOrEqual(3000);
    // A free issue to a learner (a textbook) records the learner and charges nothing.
    const issue = (await move({ itemId: sweater.id, type: 'issue', quantity: 1, studentId: learnerId })).json<MovementResult>();
    expect(issue.charge).toBeNull();
    expect(issue.movement.studentId).toBe(learnerId);
    const again = await json<StudentAccount>('GET', `/api/students/${learnerId}/account`, 'finance');
    expect(again.balance).toBe(after.balance);
  });

  it('replays a retried sale with the same Idempotency-Key: one movement, one charge', async () => {
    const shirt = await itemByCode('UNI-SHT');
    const page = await json<{ items: { studentId: string }[] }>('GET', '/api/fees/accounts?pageSize=10&sort=balance_desc', 'finance');
    const learnerId = page.items[7]!.studentId;
    const body = { itemId: shirt.id, type: 'sale', quantity: 1, studentId: learnerId, unitPrice: 640 };
    const first = await move(body, 'finance', { 'idempotency-key': 'inv-sale-1' });
    expect(first.statusCode, first.body).toBe(201);
    const second = await move(body, 'finance', { 'idempotency-key': 'inv-sale-1' });
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().movement.id).toBe(first.json().movement.id);
    expect((await itemByCode('UNI-SHT')).quantity).toBe(shirt.quantity - 1);
    const charges = await system(t.database, (tx) => tx.select().from(studentCharges).where(eq(studentCharges.sourceId, first.json().movement.id)));
    expect(charges).toHaveLength(1);
    expect(charges[0]!.amountCents).toBe(64_000);
    expect((await move({ ...body, quantity: 2 }, 'finance', { 'idempotency-key': 'inv-sale-1' })).statusCode).toBe(422);
  });
});

describe('stock take', () => {
  it('writes an adjustment per difference with its reason, in one go, and audits it', async () => {
    const a = await newItem();
    const b = await newItem();
    const c = await newItem();
    await move({ itemId: a.id, type: 'stock_in', quantity: 10, unitCost: 20 });
    await move({ itemId: b.id, type: 'stock_in', quantity: 8, unitCost: 15 });
    await move({ itemId: c.id, type: 'stock_in', quantity: 5, unitCost: 40 });
    const before = await movementCount(greenhill);
    // A difference without a reason: 400, nothing written.
    const bad = await send('POST', '/api/inventory/stock-takes', 'finance', { countedOn: '2026-11-01', lines: [{ itemId: a.id, counted: 9, reason: 'torn' }, { itemId: b.id, counted: 10 }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty(['lines.1.reason']);
    expect(await movementCount(greenhill)).toBe(before);
    const take = await json<StockTakeResult>('POST', '/api/inventory/stock-takes', 'finance', {
      countedOn: '2026-11-01',
      note: 'End of term count',
      lines: [
        { itemId: a.id, counted: 9, reason: 'One torn' },
        { itemId: b.id, counted: 10, reason: 'Unrecorded delivery' },
        { itemId: c.id, counted: 5 },
      ],
    });
    expect(take.adjustments).toBe(2);
    expect(take.lines.map((l) => l.difference)).toEqual([-1, 2, 0]);
    expect(await movementCount(greenhill)).toBe(before + 2);
    expect((await itemByCode(a.code)).quantity).toBe(9);
    expect((await itemByCode(b.code)).quantity).toBe(10);
    const adj = await json<MovementsResponse>('GET', `/api/inventory/movements?itemId=${a.id}&type=adjustment`, 'finance');
    expect(adj.items[0]).toMatchObject({ quantity: -1, reason: 'One torn', stockTakeId: take.id, unitCost: 20, movedOn: '2026-11-01' });
    const audit = await system(t.database, (tx) => tx.select().from(auditLogs).where(eq(auditLogs.targetEntity, `stock_take:${take.id}`)));
    expect(audit[0]?.action).toBe('STOCK_TAKE_RECORDED');
  });
});

describe('items and suppliers', () => {
  it('creates, validates and updates suppliers (Kenyan phone, KRA PIN, unique name)', async () => {
    const s = await json<Supplier>('POST', '/api/suppliers', 'finance', { name: 'Jamii Books', contactName: 'Ann', phone: '0712 345 678', email: 'Ann@Jamii.co.ke', kraPin: 'p051234567x' });
    expect(s).toMatchObject({ phone: '254712345678', email: 'ann@jamii.co.ke', kraPin: 'P051234567X', active: true });
    const bad = await send('POST', '/api/suppliers', 'finance', { name: 'Bad', phone: '12345', kraPin: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['phone', 'kraPin']));
    expect((await send('POST', '/api/suppliers', 'finance', { name: 'jamii books' })).statusCode).toBe(409);
    const patched = await json<Supplier>('PATCH', `/api/suppliers/${s.id}`, 'finance', { active: false, notes: 'Closed' });
    expect(patched).toMatchObject({ active: false, notes: 'Closed' });
    expect((await json<{ items: Supplier[] }>('GET', '/api/suppliers', 'director')).items.some((x) => x.id === s.id)).toBe(false);
    expect((await json<{ items: Supplier[] }>('GET', '/api/suppliers?active=all', 'director')).items.some((x) => x.id === s.id)).toBe(true);
  });

  it('creates items, refuses a duplicate code and lists low stock with filters', async () => {
    const created = await newItem({ code: 'DUP-1', category: 'Books' });
    expect(created).toMatchObject({ quantity: 0, category: 'books', salePrice: 700, lowStock: true });
    expect((await send('POST', '/api/inventory/items', 'finance', { code: 'dup-1', name: 'Other', category: 'books' })).statusCode).toBe(409);
    expect((await send('POST', '/api/inventory/items', 'finance', { code: '', name: '', category: '', reorderLevel: -1 })).statusCode).toBe(400);
    const low = await json<ItemsResponse>('GET', '/api/inventory/items?lowStock=true&pageSize=200', 'principal');
    expect(low.items.every((i) => i.lowStock)).toBe(true);
    expect(low.items.map((i) => i.code)).toContain('STA-CHK');
    const stationery = await json<ItemsResponse>('GET', '/api/inventory/items?category=stationery&pageSize=200', 'principal');
    expect(stationery.items.every((i) => i.category === 'stationery')).toBe(true);
    expect(stationery.categories).toEqual(expect.arrayContaining(['uniform', 'stationery', 'cleaning']));
    const alerts = await json<{ items: InventoryItem[] }>('GET', '/api/inventory/alerts', 'director');
    expect(alerts.items.map((i) => i.code)).toContain('STA-CHK');
  });

  it('searches for what was typed: % and _ match themselves, not every item', async () => {
    const percent = await newItem({ name: 'Ink 50% off' });
    const all = await json<ItemsResponse>('GET', '/api/inventory/items?pageSize=200', 'finance');
    expect(all.items.length).toBeGreaterThan(1);
    const byPercent = await json<ItemsResponse>('GET', `/api/inventory/items?q=${encodeURIComponent('%')}&pageSize=200`, 'finance');
    expect(byPercent.items.map((i) => i.id)).toEqual([percent.id]);
    const byUnderscore = await json<ItemsResponse>('GET', `/api/inventory/items?q=${encodeURIComponent('_')}&pageSize=200`, 'finance');
    expect(byUnderscore.items.every((i) => i.name.includes('_') || i.code.includes('_'))).toBe(true);
    expect(byUnderscore.items.length).toBeLessThan(all.items.length);
  });
});

describe('demo data and valuation', () => {
  it('seeds a store for both schools with one seeded item below its reorder level, and values stock at average cost', async () => {
    for (const who of ['finance', 'rsFinance']) {
      const items = (await json<ItemsResponse>('GET', '/api/inventory/items?pageSize=200', who)).items;
      for (const code of ['UNI-SWT', 'UNI-SHT', 'UNI-TRS', 'UNI-SKT', 'UNI-TIE', 'UNI-GMK', 'STA-EXB', 'STA-PEN', 'STA-PPR', 'STA-CHK', 'STA-MRK', 'CLN-DET']) expect(items.map((i) => i.code)).toContain(code);
      const mv = await json<MovementsResponse>('GET', '/api/inventory/movements?pageSize=200', who);
      for (const type of ['opening', 'stock_in', 'issue', 'sale']) expect(mv.items.map((x) => x.type)).toContain(type);
      expect(mv.items.filter((x) => x.type === 'sale').every((x) => x.studentName && x.invoiceNumber)).toBe(true);
    }
    const rs = await json<Valuation>('GET', '/api/inventory/valuation', 'rsFinance');
    const rows = await system(t.database, (tx) => tx.select().from(inventoryItems).where(and(eq(inventoryItems.schoolId, riverside), eq(inventoryItems.active, true))));
    expect(Math.round(rs.total.value * 100)).toBe(rows.reduce((s, r) => s + r.quantityOnHand * r.averageCostCents, 0));
    expect(rs.categories.reduce((s, c) => s + Math.round(c.value * 100), 0)).toBe(Math.round(rs.total.value * 100));
    const low = rows.filter((r) => r.reorderLevel > 0 && r.quantityOnHand <= r.reorderLevel);
    expect(low.map((r) => r.code)).toEqual(['STA-CHK']);
    // Each seeded item's balance equals its movements.
    const moves = await system(t.database, (tx) => tx.select().from(inventoryMovements).where(eq(inventoryMovements.schoolId, riverside)));
    for (const r of rows) expect(moves.filter((x) => x.itemId === r.id).reduce((s, x) => s + x.quantity, 0)).toBe(r.quantityOnHand);
  });

  it('downloads the valuation as Excel and PDF', async () => {
    const xlsx = await send('GET', '/api/inventory/valuation?format=xlsx', 'director');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(/stock-valuation-\d{4}-\d{2}-\d{2}\.xlsx/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['By category', 'Items']);
    const pdf = await send('GET', '/api/inventory/valuation?format=pdf', 'principal');
    expect(pdf.statusCode).toBe(200);
    const info = inspectPdf(pdf.rawPayload);
    expect(info.isPdf).toBe(true);
    expect(info.text).toContain('Stock valuation');
  });
});

describe('opening stock import', () => {
  it('previews per-row errors, refuses to commit them, and commits a clean file in one go', async () => {
    const csv = [
      'code,name,category,unit,quantity,unit cost,reorder level,sale price',
      'IMP-1,"Hockey stick, junior",sports,piece,12,850.50,3,',
      'IMP-2,Netball,sports,piece,-4,900,2,',
      'IMP-1,Repeated code,sports,piece,1,1,0,',
      'UNI-SWT,Existing code,uniform,piece,1,1,0,',
      'IMP-3,,sports,piece,1,abc,x,-5',
    ].join('\r\n');
    const before = await movementCount(greenhill);
    const res = await upload('/api/inventory/import', 'finance', 'stock.csv', csv);
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<ImportResult>();
    expect(preview).toMatchObject({ committed: false, valid: 1, invalid: 4 });
    expect(preview.rows[0]).toMatchObject({ row: 2, name: 'Hockey stick, junior', quantity: 12, unitCost: 850.5, errors: {} });
    expect(preview.rows[1]!.errors).toHaveProperty('quantity');
    expect(preview.rows[2]!.errors.code).toBe(m.importCodeRepeated(2));
    expect(preview.rows[3]!.errors.code).toBe(m.importCodeExists);
    expect(Object.keys(preview.rows[4]!.errors).sort()).toEqual(['name', 'reorderLevel', 'salePrice', 'unitCost']);
    expect((await upload('/api/inventory/import?commit=true', 'finance', 'stock.csv', csv)).statusCode).toBe(400);
    expect(await movementCount(greenhill)).toBe(before);
    // Wrong columns: refused as a whole, naming them.
    const cols = await upload('/api/inventory/import', 'finance', 'x.csv', 'code,name,colour\nA,B,red\n');
    expect(cols.statusCode).toBe(400);
    expect(cols.json().error.message).toContain('Missing columns');

    // A clean .xlsx file commits: items with their opening stock and an 'opening' movement each.
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Stock');
    ws.addRow(['Code', 'Name', 'Category', 'Unit', 'Quantity', 'Unit cost', 'Reorder level', 'Sale price']);
    ws.addRow(['IMP-X1', 'Rugby ball', 'Sports', 'piece', 6, 1200, 2, 1500]);
    ws.addRow(['IMP-X2', 'Skipping rope', 'sports', '', 0, 150, '', '']);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const done = await upload('/api/inventory/import?commit=true', 'finance', 'stock.xlsx', buf, XLSX);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<ImportResult>()).toMatchObject({ committed: true, created: 2, value: 7200 });
    expect(await itemByCode('IMP-X1')).toMatchObject({ quantity: 6, averageCost: 1200, salePrice: 1500, category: 'sports' });
    expect(await itemByCode('IMP-X2')).toMatchObject({ quantity: 0, unit: 'piece' });
    expect(await movementCount(greenhill)).toBe(before + 1);
    const tpl = await send('GET', '/api/inventory/import/template.xlsx', 'finance');
    expect(tpl.statusCode).toBe(200);
    const twb = new ExcelJS.Workbook();
    await twb.xlsx.load(tpl.rawPayload as unknown as ArrayBuffer);
    expect(twb.worksheets[0]!.getRow(1).values).toEqual([undefined, 'code', 'name', 'category', 'unit', 'quantity', 'unit cost', 'reorder level', 'sale price']);
  });
});
