import { parse, protocol, TransactionAbortedError, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import { PgliteSession, PgliteTransaction } from 'drizzle-orm/pglite';
import type { PgDialect } from 'drizzle-orm/pg-core';

/**
 * The scoped transaction on embedded PGlite (issue 19), the counterpart of withScope's node-postgres
 * path in tenant.ts.
 *
 * Why not PGlite's own transaction() and query(): PGlite is PostgreSQL in WebAssembly on this process's
 * one thread, and its query() sends every statement as six separate protocol exchanges (parse, describe
 * the statement, bind, describe the portal, execute, sync), each parsed and planned anew; its
 * transaction() adds BEGIN, and our scope settings a statement more. Measured on the HR dashboard (four
 * queries): 34 protocol exchanges per request. Here:
 *   - BEGIN and the scope settings go in one simple-query message;
 *   - each query shape is prepared once per PGlite instance as a named statement (its parameter types
 *     read once with Describe), then every execution is one exchange: Bind + Describe + Execute + Sync;
 *   - COMMIT is one exchange, as before.
 * Values are serialised and rows parsed with PGlite's own serialisers, parsers and parseResults, so
 * drizzle sees exactly what PGlite's query() would have given it. Row-level-security settings are read
 * at execution and PostgreSQL re-plans a statement whose plan was invalidated (schema change, other
 * role), so a reused statement filters by the current scope, as on the node-postgres path.
 *
 * Mutual exclusion is PGlite's: the whole transaction holds its transaction mutex (as transaction()
 * does) and each exchange its query mutex (as query() does), so nothing else runs inside our transaction.
 */

const { serialize } = protocol;

/** Named statements one PGlite instance keeps at most; later new shapes are parsed each time (unnamed). */
const MAX_NAMED_STATEMENTS = 1000;

interface Prepared {
  /** Statement name; '' for the unnamed statement (cap reached). */
  name: string;
  /** Parameter type OIDs PostgreSQL inferred when the statement was parsed. */
  paramTypes: number[];
}

interface Statements {
  byText: Map<string, Prepared>;
  /** Names are never reused, so a Parse whose outcome we did not see cannot collide with a later one. */
  counter: number;
}

const statementsOf = new WeakMap<PGlite, Statements>();

/** PGlite's own internals this module drives (declared on its BasePGlite class, not in its docs). */
interface PgliteInternals {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
}

/**
 * Runs `fn` in one transaction on `pglite` whose first statement is `scopeSql` (sent with BEGIN in one
 * message). Commits when `fn` resolves; rolls back and rethrows when it throws. Throws PGlite's
 * TransactionAbortedError when COMMIT finds the transaction aborted (an error `fn` caught itself), as
 * PGlite's transaction() does.
 */
export async function withScopeOnPglite<T, Tx>(
  pglite: PGlite,
  parts: { dialect: PgDialect; schema: unknown; options: unknown },
  scopeSql: string,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  return (pglite as unknown as PgliteInternals)._runExclusiveTransaction(async () => {
    const client = scopedClient(pglite);
    let open = true;
    const end = async (command: 'commit' | 'rollback') => {
      open = false;
      const [result] = await client.exec(command);
      await pglite.syncToFs();
      return result;
    };
    try {
      await client.exec(`begin; ${scopeSql}`);
      const session = new PgliteSession(client as never, parts.dialect, parts.schema as never, parts.options as never);
      const tx = new PgliteTransaction(parts.dialect, session, parts.schema as never) as unknown as Tx;
      const result = await fn(tx);
      const committed = await end('commit');
      if (committed?.command === 'ROLLBACK') throw new TransactionAbortedError();
      return result;
    } catch (err) {
      // The error that ended the transaction is the one to report, not a failed rollback's.
      if (open) await end('rollback').catch(() => undefined);
      throw err;
    }
  });
}

/**
 * The client drizzle's PgliteSession is given inside the transaction: query() (extended protocol,
 * prepared statements as above) and exec() (simple protocol, several statements allowed).
 */
function scopedClient(pglite: PGlite) {
  let statements = statementsOf.get(pglite);
  if (!statements) {
    statements = { byText: new Map(), counter: 0 };
    statementsOf.set(pglite, statements);
  }
  const known = statements;

  const exchange = (message: Uint8Array) => pglite.runExclusive(() => pglite.execProtocolStream(message, { syncToFs: false }));

  const prepare = async (text: string, options?: QueryOptions): Promise<Prepared> => {
    const found = known.byText.get(text);
    if (found) return found;
    const name = known.byText.size < MAX_NAMED_STATEMENTS ? `edufam_${++known.counter}` : '';
    const messages = await exchange(concat([serialize.parse({ name, text, types: options?.paramTypes }), serialize.describe({ type: 'S', name }), serialize.sync()]));
    const prepared = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    if (name) known.byText.set(text, prepared);
    return prepared;
  };

  return {
    async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
      const { name, paramTypes } = await prepare(text, options);
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const oid = paramTypes[i]!;
        const serializer = options?.serializers?.[oid] ?? pglite.serializers[oid];
        return serializer ? serializer(param) : String(param);
      });
      // The unnamed statement is parsed again with its bind: another query of this transaction (a
      // Promise.all) may have replaced it between the two exchanges.
      const head = name ? [] : [serialize.parse({ name, text, types: options?.paramTypes })];
      const messages = await exchange(concat([...head, serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]));
      return parse.parseResults(messages, pglite.parsers, options)[0] as Results<T>;
    },
    async exec(text: string, options?: QueryOptions): Promise<Results[]> {
      const messages = await exchange(serialize.query(text));
      return parse.parseResults(messages, pglite.parsers, options);
    },
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
