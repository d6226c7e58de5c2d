/**
 * Prints the demo's story for a day (issue 34): seeds a throw-away in-memory database as if the demo
 * started on that day and lists the terms, exam series, registers, invoices, payments, payroll months,
 * leave and announcements. Usage: `npx tsx scripts/demo-story.ts [YYYY-MM-DD]` (default: today).
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.js';
import { withSystem } from '../src/server/db/tenant.js';
import { seedDemo } from '../src/server/seed/seed.js';
import { demoToday } from '../src/server/seed/demo-calendar.js';

const today = process.argv[2] ?? demoToday();
const database = await openDatabase({ dataDir: 'memory://' });
await database.migrate();
await seedDemo(database.db, { today });
const rows = async (q: ReturnType<typeof sql>) => ((await withSystem(database.db, (tx) => tx.execute(q))) as unknown as { rows: Record<string, unknown>[] }).rows;
const gh = `(select id from schools where code = 'greenhill')`;
console.log(`Demo story for ${today}`);
console.table(await rows(sql.raw(`select y.name as year, y.is_current, t.name, t.starts_on, t.ends_on, t.is_current from terms t join academic_years y on y.id = t.academic_year_id where t.school_id = ${gh} order by t.starts_on`)));
console.table(await rows(sql.raw(`select name, status, starts_on, ends_on, entry_opens_on, entry_closes_on, released_at from exam_series where school_id = ${gh} order by starts_on`)));
console.table(await rows(sql.raw(`select min(date) as first, max(date) as last, count(*) as registers from attendance_registers where school_id = ${gh}`)));
console.table(await rows(sql.raw(`select t.name, count(*) as invoices, min(i.issued_on) as issued from invoices i join terms t on t.id = i.term_id where i.school_id = ${gh} group by t.name, t.starts_on order by t.starts_on`)));
console.table(await rows(sql.raw(`select min(paid_on) as first, max(paid_on) as last, count(*) as payments from payments where school_id = ${gh}`)));
console.table(await rows(sql.raw(`select month, pay_date, status from payroll_runs where school_id = ${gh} order by month`)));
console.table(await rows(sql.raw(`select start_date, end_date, status from leave_requests where school_id = ${gh} order by start_date`)));
console.table(await rows(sql.raw(`select title, status, publish_at from school_announcements where school_id = ${gh} order by publish_at`)));
console.table(await rows(sql.raw(`select min(spent_on) as first, max(spent_on) as last, count(*) as expenses from expenses where school_id = ${gh}`)));
await database.close();
