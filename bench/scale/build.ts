/**
 * The national-scale dataset (issue 37 §1): `schools` schools of ~800 learners each on one PostgreSQL
 * database, built set-based in a few minutes.
 *
 * How (and why this way):
 *   1. the database is dropped, created and migrated with the project's migrations (openDatabase +
 *      migrate), so it has every constraint, index and FORCE'd row-level-security policy of production;
 *   2. the demo seed runs once, with 50 learners a stream (seedDemo's learnersPerStream): the two demo
 *      schools, Greenhill (CBC) and Riverside (IGCSE), with every demo account (platform admin and each
 *      role of each school, password EduFam2026!), ~800 learners each with guardians, two terms of daily
 *      registers, four exam series with marks, a year of invoices and payments (M-Pesa, cash, bank,
 *      cheque), staff and three payroll months. These two stay exactly as the demo makes them (shape-wise),
 *      so the hot endpoints of bench/request-speed.ts have the same data to read;
 *   3. each demo school is grown in SQL to a full school year: the registers of the year's terms that
 *      have none (Term 1), and payroll runs for the twelve months up to the latest one;
 *   4. the remaining schools are clones of the two (alternating CBC / IGCSE), made by one
 *      INSERT … SELECT per table for a batch of clones (src/server/db/schema tables found from the
 *      catalogue, so tables other work adds are cloned too): every uuid owned by the template school gets
 *      the clone's number as its last 8 hex digits, ids of shared rows (platform admin, billing plans) kept;
 *      text columns of unique indexes that do not include school_id get the clone's code appended
 *      (e-mails get the clone's domain: teacher@s003.edufam.test). Platform-side rows (platform invoices
 *      and payments, support tickets, project hub, background jobs, idempotency keys) are not cloned:
 *      billing generation then has every school to bill;
 *   5. foreign-key triggers are off while cloning (session_replication_role = replica: the copies are
 *      consistent by construction, and checking 30 million rows' keys one by one is most of the cost);
 *      the big tables' secondary indexes (and attendance_entries' primary key) are dropped before and
 *      rebuilt after; two connections clone at once; then VACUUM ANALYZE.
 *
 * Known simplifications: Term 1 registers skip weekends and half-term but not public holidays (none
 * falls in the 2026 Term 1 school days); clones share the template's names, admission numbers (unique
 * per school) and timestamps (so e.g. every school's marks were "updated" on the build day).
 *
 * The builder connects as the database owner / superuser (row-level security does not apply to it).
 */
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client.js';
import { seedDemo } from '../../src/server/seed/seed.js';

export interface BuildOptions {
  /** postgres://… of the database to (re)create. */
  url: string;
  /** Number of schools in all (the two demo schools included), ≥ 2. */
  schools: number;
  /** Clones per transaction (progress and transaction size; default 10). */
  batch?: number;
  /** Connections cloning at once (default 2: this machine's cores). */
  workers?: number;
  log?: (line: string) => void;
}

export interface BuildResult {
  seconds: number;
  steps: { step: string; seconds: number }[];
}

/** Tables (with school_id) that hold the platform's own business or per-request state: not cloned. */
export const NOT_CLONED = /^(platform_|support_|hub_|billing_reminders$|idempotency_keys$|background_tasks$|security_alerts$|sessions$)/;
/** The largest tables: secondary indexes dropped while cloning, rebuilt after. */
const BIG_TABLES = ['attendance_entries', 'attendance_registers', 'exam_marks', 'invoice_lines', 'invoices', 'payments', 'payment_allocations', 'consents', 'staff_attendance', 'student_enrolments', 'mpesa_transactions', 'students', 'student_guardians', 'guardians'];
export const SCALE_MARKER = 'edufam-scale';

const q = (ident: string) => `"${ident.replace(/"/g, '""')}"`;

/** Maintenance URL (same server, database postgres) and the database name of `url`. */
function splitUrl(url: string): { admin: string; name: string } {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.replace(/^\//, ''));
  u.pathname = '/postgres';
  return { admin: u.toString(), name };
}

/**
 * The COMMENT the builder leaves on a finished database (`edufam-scale schools=200 built=… seconds=…
 * steps=[…]`) with the build's figures, or null when the database is missing or was not finished.
 */
export async function builtMarker(url: string): Promise<{ schools: number; comment: string; build?: BuildResult } | null> {
  const { admin, name } = splitUrl(url);
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    const { rows } = await client.query<{ c: string | null }>(`select shobj_description(oid, 'pg_database') as c from pg_database where datname = $1`, [name]);
    const c = rows[0]?.c;
    const m = c?.match(/^edufam-scale schools=(\d+)/);
    if (!m) return null;
    const seconds = c!.match(/ seconds=([\d.]+)/);
    const steps = c!.match(/ steps=(\[.*\])$/);
    const build = seconds && steps ? { seconds: Number(seconds[1]), steps: JSON.parse(steps[1]!) as BuildResult['steps'] } : undefined;
    return { schools: Number(m[1]), comment: c!.replace(/ steps=.*$/, ''), build };
  } finally {
    await client.end();
  }
}

/** Builds the dataset (see the file comment). Drops the database first: everything in it is lost. */
export async function buildScale(opts: BuildOptions): Promise<BuildResult> {
  const log = opts.log ?? ((line: string) => console.log(line));
  if (opts.schools < 2) throw new Error('SCALE_SCHOOLS must be at least 2 (the two demo schools)');
  const started = performance.now();
  const steps: BuildResult['steps'] = [];
  const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    const out = await run();
    const seconds = Math.round((performance.now() - t) / 100) / 10;
    steps.push({ step: name, seconds });
    log(`  ${name}: ${seconds} s`);
    return out;
  };

  const { admin, name } = splitUrl(opts.url);
  await step('create database', async () => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(`drop database if exists ${q(name)} with (force)`);
      await client.query(`create database ${q(name)}`);
    } finally {
      await client.end();
    }
  });

  await step('migrate + demo seed (2 schools, 50 learners a stream)', async () => {
    const database = await openDatabase({ databaseUrl: opts.url, dataDir: 'memory://' });
    try {
      await database.migrate();
      await seedDemo(database.db, { learnersPerStream: 50 });
    } finally {
      await database.close();
    }
  });

  const client = new pg.Client({ connectionString: opts.url });
  await client.connect();
  try {
    await client.query(`set work_mem = '256MB'; set maintenance_work_mem = '1GB'; set synchronous_commit = off; set jit = off`);
    await step('grow the demo schools to a full year (Term 1 registers, twelve payroll months)', () => growTemplates(client));
    if (opts.schools > 2) {
      const dropped = await step('drop secondary indexes of the big tables', () => dropIndexes(client));
      await cloneSchools(opts.url, opts.schools - 2, opts.batch ?? 10, opts.workers ?? 2, step, log);
      await step('rebuild indexes', async () => {
        await client.query(`set max_parallel_maintenance_workers = 2`);
        for (const def of dropped) await client.query(def);
      });
    }
    await step('vacuum analyze', () => client.query('vacuum (analyze)'));
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    // The marker SCALE_REUSE looks for, with the build's figures for the results of later runs.
    const steps_ = JSON.stringify(steps).replace(/'/g, "''");
    await client.query(`comment on database ${q(name)} is '${SCALE_MARKER} schools=${opts.schools} built=${new Date().toISOString()} seconds=${seconds} steps=${steps_}'`);
    return { seconds, steps };
  } finally {
    await client.end();
  }
}

/**
 * Term 1 registers for the demo schools' current year (the demo seeds the latest two terms only): one
 * daily register per stream per weekday of each term without registers, half-term excluded, marked by
 * the class teacher; an entry for every learner enrolled in the stream that year, ~96 % present, 2 %
 * absent, 1.3 % late, 0.7 % excused (from a hash of learner and day, so repeatable). Then payroll runs
 * for the twelve months up to the latest approved one, copying that run's lines.
 */
async function growTemplates(client: pg.Client): Promise<void> {
  await client.query(`
    with t as (
      select tm.* from terms tm join academic_years y on y.id = tm.academic_year_id and y.is_current
       where not exists (select 1 from attendance_registers r where r.school_id = tm.school_id and r.date between tm.starts_on and tm.ends_on)
    ), days as (
      select t.school_id, t.academic_year_id, d::date as date
        from t, generate_series(t.starts_on, t.ends_on, interval '1 day') d
       where extract(isodow from d) < 6
         and not (t.half_term_starts_on is not null and d::date between t.half_term_starts_on and t.half_term_ends_on)
    )
    insert into attendance_registers (id, school_id, class_id, date, session, subject_key, marked_by, marked_at, updated_by, updated_at)
    select gen_random_uuid(), c.school_id, c.id, days.date, 'day', '', c.class_teacher_id,
           (days.date + time '07:50') at time zone 'Africa/Nairobi', c.class_teacher_id, (days.date + time '07:50') at time zone 'Africa/Nairobi'
      from days join classes c on c.academic_year_id = days.academic_year_id`);
  await client.query(`
    insert into attendance_entries (school_id, register_id, student_id, date, session, status, arrival_time, created_at, updated_at)
    select r.school_id, r.id, e.student_id, r.date, 'day',
           case when h < 9600 then 'present' when h < 9800 then 'absent' when h < 9930 then 'late' else 'excused' end,
           case when h >= 9800 and h < 9930 then '08:1' || (h % 10)::text end,
           r.marked_at, r.marked_at
      from attendance_registers r
      join classes c on c.id = r.class_id
      join student_enrolments e on e.class_id = r.class_id and e.academic_year_id = c.academic_year_id
      join students s on s.id = e.student_id and s.status = 'active'
      cross join lateral (select abs(hashtext(e.student_id::text || r.date::text)) % 10000 as h) x
     where not exists (select 1 from attendance_entries a where a.register_id = r.id)`);
  // Payroll: the latest approved run of each school, copied to each missing month of the twelve up to it.
  const { rows: latest } = await client.query<{ id: string; school_id: string; month: string }>(`
    select distinct on (school_id) id, school_id, month from payroll_runs where status = 'approved' order by school_id, month desc`);
  for (const run of latest) {
    const [y, m] = run.month.split('-').map(Number) as [number, number];
    for (let back = 1; back < 12; back++) {
      const d = new Date(Date.UTC(y, m - 1 - back, 1));
      const month = d.toISOString().slice(0, 7);
      await client.query(
        `with src as (select * from payroll_runs where id = $1),
              ins as (
                insert into payroll_runs (school_id, month, pay_date, status, staff_count, gross_cents, net_cents, paye_cents, nssf_cents, shif_cents, ahl_cents,
                                          other_deductions_cents, employer_cost_cents, settings, created_by, computed_at, submitted_by, submitted_at, approved_by, approved_at, created_at, updated_at)
                select school_id, $2, ($2 || '-28')::date, status, staff_count, gross_cents, net_cents, paye_cents, nssf_cents, shif_cents, ahl_cents,
                       other_deductions_cents, employer_cost_cents, settings, created_by, ($2 || '-25')::timestamptz, submitted_by, ($2 || '-26')::timestamptz,
                       approved_by, ($2 || '-27')::timestamptz, ($2 || '-25')::timestamptz, ($2 || '-27')::timestamptz
                  from src
                 where not exists (select 1 from payroll_runs p where p.school_id = src.school_id and p.month = $2)
                returning id)
         insert into payroll_lines (school_id, run_id, staff_id, basic_cents, gross_cents, taxable_pay_cents, nssf_cents, shif_cents, ahl_cents, paye_cents,
                                    other_deductions_cents, net_cents, employer_cost_cents, breakdown, staff, emailed_at, created_at)
         select l.school_id, ins.id, l.staff_id, l.basic_cents, l.gross_cents, l.taxable_pay_cents, l.nssf_cents, l.shif_cents, l.ahl_cents, l.paye_cents,
                l.other_deductions_cents, l.net_cents, l.employer_cost_cents, l.breakdown, l.staff, null, ($2 || '-27')::timestamptz
           from payroll_lines l, ins where l.run_id = $1`,
        [run.id, month],
      );
    }
  }
}

/** Drops the non-unique, non-constraint indexes of BIG_TABLES; returns the CREATE INDEX statements to rebuild them. */
async function dropIndexes(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string; def: string }>(
    `select ic.relname as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i join pg_class t on t.oid = i.indrelid join pg_class ic on ic.oid = i.indexrelid
      where t.relnamespace = 'public'::regnamespace and t.relname = any($1) and not i.indisunique and not i.indisprimary
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [BIG_TABLES],
  );
  for (const r of rows) await client.query(`drop index ${q(r.name)}`);
  // attendance_entries' primary key (register, learner) too: nothing references it, and 30 million
  // random-order insertions into it cost more than building it once.
  const { rows: pk } = await client.query<{ name: string; def: string }>(
    `select conname as name, pg_get_constraintdef(oid) as def from pg_constraint where conrelid = 'attendance_entries'::regclass and contype = 'p'`,
  );
  for (const r of pk) await client.query(`alter table attendance_entries drop constraint ${q(r.name)}`);
  return [...pk.map((r) => `alter table attendance_entries add constraint ${q(r.name)} ${r.def}`), ...rows.map((r) => r.def)];
}

interface Column {
  name: string;
  udt: string;
}

interface CloneShape {
  tables: Map<string, Column[]>;
  /** Tables with school_id that are cloned. */
  tenant: string[];
  /** "table.column" text columns of unique indexes without a uuid column. */
  uniqueText: Set<string>;
  /** "table.column" uuid columns whose foreign key points at a school-owned table (always remapped). */
  ownedRef: Set<string>;
}

/** Tables, columns, unique text columns and foreign keys of the migrated schema, from the catalogue. */
async function cloneShape(client: pg.Client): Promise<CloneShape> {
  // Generated columns are computed, not inserted.
  const { rows: colRows } = await client.query<{ table_name: string; column_name: string; udt_name: string }>(`
    select c.table_name, c.column_name, c.udt_name
      from information_schema.columns c join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
     order by c.table_name, c.ordinal_position`);
  const tables = new Map<string, Column[]>();
  for (const r of colRows) {
    if (!tables.has(r.table_name)) tables.set(r.table_name, []);
    tables.get(r.table_name)!.push({ name: r.column_name, udt: r.udt_name });
  }
  // Text columns of unique indexes without a uuid column (a remapped uuid already makes a clone's row unique).
  const { rows: uq } = await client.query<{ table_name: string; column_name: string }>(`
    select distinct t.relname as table_name, a.attname as column_name
      from pg_index i join pg_class t on t.oid = i.indrelid
      join pg_attribute a on a.attrelid = t.oid and a.attnum = any(i.indkey) and a.atttypid = 'text'::regtype
     where t.relnamespace = 'public'::regnamespace and i.indisunique
       and not exists (select 1 from pg_attribute s where s.attrelid = t.oid and s.atttypid = 'uuid'::regtype and s.attnum = any(i.indkey))`);
  const tenant = [...tables.entries()].filter(([t, cols]) => cols.some((c) => c.name === 'school_id') && !NOT_CLONED.test(t)).map(([t]) => t);
  // A reference into a cloned table other than profiles (platform admins have a profile without a school)
  // always points at the template's own row.
  const { rows: fks } = await client.query<{ t: string; col: string; ref: string }>(`
    select cl.relname as t, a.attname as col, rcl.relname as ref
      from pg_constraint co join pg_class cl on cl.oid = co.conrelid join pg_class rcl on rcl.oid = co.confrelid
      join pg_attribute a on a.attrelid = co.conrelid and a.attnum = co.conkey[1]
     where co.contype = 'f' and cl.relnamespace = 'public'::regnamespace and array_length(co.conkey, 1) = 1`);
  const ownedRef = new Set(fks.filter((f) => f.ref !== 'profiles' && (tenant.includes(f.ref) || f.ref === 'schools')).map((f) => `${f.t}.${f.col}`));
  return { tables, tenant, uniqueText: new Set(uq.map((r) => `${r.table_name}.${r.column_name}`)), ownedRef };
}

/**
 * A cloning session on its own connection: the demo schools' rows copied once into temporary tables
 * (so each batch reads the templates, not the growing tables), and the set of ids they own.
 */
async function prepareSession(url: string, shape: CloneShape): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`set work_mem = '256MB'; set temp_buffers = '1GB'; set synchronous_commit = off; set jit = off; set session_replication_role = replica`);
  await client.query(`create temp table scale_templates as
    select id, code, case code when 'greenhill' then 0 else 1 end as n from schools where code in ('greenhill', 'riverside')`);
  const { rows } = await client.query<{ n: string }>(`select count(*) as n from scale_templates`);
  if (Number(rows[0]!.n) !== 2) throw new Error('the demo schools greenhill and riverside were not found');
  const parts = [`select id from scale_templates`, `select id from profiles where school_id in (select id from scale_templates)`];
  for (const t of shape.tenant) {
    await client.query(`create temp table ${q(`tpl_${t}`)} as select * from ${q(t)} where school_id in (select id from scale_templates)`);
    if (shape.tables.get(t)!.some((c) => c.name === 'id' && c.udt === 'uuid')) parts.push(`select id from ${q(`tpl_${t}`)}`);
  }
  await client.query(`create temp table scale_idmap as ${parts.join(' union ')}`);
  await client.query(`alter table scale_idmap rename column id to old; alter table scale_idmap add primary key (old); analyze scale_idmap`);
  return client;
}

/**
 * Clones the two demo schools into `count` new schools, `batch` clones per transaction, on `workers`
 * connections at once. Clone k (1-based) copies Greenhill when k is odd and Riverside when even; its
 * code is s003, s004, … (the demo schools are schools 1 and 2). A template-owned uuid becomes the same
 * uuid with its last 8 hex digits replaced by k (ids are random v4/v7: their first 112 bits are
 * unique among the templates' ids, which the builder's primary keys check).
 */
async function cloneSchools(
  url: string,
  count: number,
  batch: number,
  workers: number,
  step: <T>(name: string, run: () => Promise<T>) => Promise<T>,
  log: (line: string) => void,
): Promise<void> {
  const shapeClient = new pg.Client({ connectionString: url });
  await shapeClient.connect();
  const shape = await cloneShape(shapeClient).finally(() => shapeClient.end());
  const { tables, tenant, uniqueText, ownedRef } = shape;

  const map = (x: string) => `overlay(${x}::text placing c.tail from 29)::uuid`;
  const cond = (x: string) => `case when ${x} in (select old from scale_idmap) then ${map(x)} else ${x} end`;
  const email = (x: string) => `case when ${x} like '%@' || c.tcode || '.%' then replace(${x}, '@' || c.tcode || '.', '@' || c.code || '.') else replace(${x}, '@', '+' || c.code || '@') end`;
  const expr = (table: string, col: Column): string => {
    const x = `s.${q(col.name)}`;
    if (table === 'schools') {
      if (col.name === 'id') return 'c.school_id';
      if (col.name === 'code') return 'c.code';
      if (col.name === 'name') return 'c.name';
    }
    if (col.name === 'school_id') return 'c.school_id';
    // A parent's stored result (issue 37 §1) names its series, term and subjects inside the JSON: all of
    // them the template school's ids, so every uuid in it gets the clone's tail as the columns do.
    if (table === 'released_results' && col.name === 'series') {
      return `regexp_replace(${x}::text, '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4})[0-9a-f]{8}', '\\1' || c.tail, 'g')::jsonb`;
    }
    if ((col.name === 'id' && col.udt === 'uuid') || ownedRef.has(`${table}.${col.name}`)) return map(x);
    if (col.udt === 'uuid') return cond(x);
    if (col.udt === '_uuid') return `array(select ${cond('u')} from unnest(${x}) u)`;
    if (uniqueText.has(`${table}.${col.name}`)) return col.name === 'email' ? email(x) : `${x} || '-' || c.code`;
    if (table === 'accounts' && col.name === 'account_id') return `case when s."account_id" = s."user_id"::text then ${map('s."user_id"')}::text else s."account_id" end`;
    return x;
  };
  const insert = (table: string, from: string): string => {
    const cols = tables.get(table)!;
    return `insert into ${q(table)} (${cols.map((c) => q(c.name)).join(', ')}) select ${cols.map((c) => expr(table, c)).join(', ')} ${from}`;
  };

  const sessions = await step(`prepare ${workers} cloning session(s)`, () => Promise.all(Array.from({ length: workers }, () => prepareSession(url, shape))));
  const batches: [number, number][] = [];
  for (let first = 1; first <= count; first += batch) batches.push([first, Math.min(count, first + batch - 1)]);
  await step(`clone ${count} schools (${batches.length} batches of ≤ ${batch}, ${workers} at a time)`, () =>
    Promise.all(
      sessions.map(async (client) => {
        for (let next = batches.shift(); next; next = batches.shift()) {
          const [first, last] = next;
          const t = performance.now();
          await client.query('begin');
          await client.query(`drop table if exists c_batch; create temp table c_batch as
            select k, lpad(to_hex(k), 8, '0') as tail, t.id as template, t.code as tcode,
                   overlay(t.id::text placing lpad(to_hex(k), 8, '0') from 29)::uuid as school_id,
                   's' || lpad((k + 2)::text, 3, '0') as code,
                   'Shule ' || lpad((k + 2)::text, 3, '0') || case when t.n = 0 then ' Junior School' else ' International School' end as name
              from generate_series(${first}::int, ${last}::int) k join scale_templates t on t.n = (k + 1) % 2`);
          // Users (uuid ids, e-mail unique) and their credential accounts: the school's profiles' people.
          await client.query(insert('users', `from users s join tpl_profiles p on p.id = s.id join c_batch c on c.template = p.school_id`));
          await client.query(insert('accounts', `from accounts s join tpl_profiles p on p.id = s.user_id join c_batch c on c.template = p.school_id`));
          await client.query(insert('schools', `from schools s join c_batch c on c.template = s.id`));
          for (const table of tenant) await client.query(insert(table, `from ${q(`tpl_${table}`)} s join c_batch c on c.template = s.school_id`));
          await client.query('commit');
          log(`    schools ${first + 2}-${last + 2}: ${Math.round((performance.now() - t) / 100) / 10} s`);
        }
      }),
    ),
  );
  await Promise.all(sessions.map((c) => c.end()));
}
