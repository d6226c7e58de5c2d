import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  allocateBankLineBody,
  bankAccountSchema,
  bankLineSchema,
  createBankAccountBody,
  ignoreBankLineBody,
  importStatementQuery,
  importStatementResponse,
  listBankAccountsResponse,
  listBankLinesResponse,
  listBankUnmatchedQuery,
  listImportsQuery,
  listImportsResponse,
  statementColumnsResponse,
  updateBankAccountBody,
} from '../../../shared/contracts/bank-statements.js';
import { bankStatementMessages } from '../../../shared/messages/bank-statements.js';
import { readUpload } from '../../lib/files.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import { actorOf } from '../../plugins/access.js';
import type { NoticeDeps } from '../fees/index.js';
import { allocateLine, createBankAccount, ignoreLine, importStatement, listBankAccounts, listImports, listUnmatchedLines, readColumns, sampleStatement, updateBankAccount } from './bank-statements.service.js';

const m = bankStatementMessages.api;
const accountParams = z.object({ id: z.uuid(m.accountNotFound) });
const lineParams = z.object({ id: z.uuid(m.lineNotFound) });
const schoolQuery = z.object({ schoolId: z.uuid('Invalid school id').optional() });

/**
 * Bank statement import (issue 35 §4, §6; decision 0029). Writes (accounts, imports, the unmatched
 * queue, the sample) are the finance officer's (manageFees); the lists read with viewFees (principal,
 * director and platform staff with ?schoolId=). Another school's account or line: 404.
 */
export async function bankStatementsRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['bank statements'];
  const notices: NoticeDeps = { ...deps, log: app.log };

  /** GET /api/fees/bank-accounts → { items: [{ id, name, bankName, accountNumber, mapping, createdAt }] }. */
  r.get('/api/fees/bank-accounts', { config: { permission: 'viewFees' }, schema: { querystring: schoolQuery, response: { 200: listBankAccountsResponse }, tags } }, async (req) =>
    listBankAccounts(deps.database, actorOf(req), req.query.schoolId),
  );
  /** POST /api/fees/bank-accounts { name, bankName, accountNumber, mapping? } → 201 the account; 409 ACCOUNT_NUMBER_TAKEN. */
  r.post('/api/fees/bank-accounts', { config: { permission: 'manageFees' }, schema: { body: createBankAccountBody, response: { 201: bankAccountSchema }, tags } }, async (req, reply) =>
    reply.status(201).send(await createBankAccount(deps.database, actorOf(req), req.body, req.ip)),
  );
  /** PATCH /api/fees/bank-accounts/:id { name?, bankName?, accountNumber?, mapping? } → the account; 404 another school's. */
  r.patch('/api/fees/bank-accounts/:id', { config: { permission: 'manageFees' }, schema: { params: accountParams, body: updateBankAccountBody, response: { 200: bankAccountSchema }, tags } }, async (req) =>
    updateBankAccount(deps.database, actorOf(req), req.params.id, req.body, req.ip),
  );

  /** POST /api/fees/bank-statements/columns (multipart `file`) → { headers, headerRow, rows, suggested }: the mapping step's choices; writes nothing. */
  r.post(
    '/api/fees/bank-statements/columns',
    { config: { permission: 'manageFees' }, schema: { consumes: ['multipart/form-data'], response: { 200: statementColumnsResponse }, tags, description: 'The header row, the first rows and a guessed column mapping of a statement file (multipart field `file`, CSV or .xlsx).' } },
    async (req) => readColumns(await readUpload(req, 'import')),
  );
  /**
   * POST /api/fees/bank-statements?commit=false|true&bankAccountId= (multipart `mapping` JSON then `file`)
   * → { lines, matched, duplicates, unmatched, committed, importId, skipped, mapping, preview }.
   */
  r.post(
    '/api/fees/bank-statements',
    {
      config: { permission: 'manageFees' },
      schema: {
        querystring: importStatementQuery,
        consumes: ['multipart/form-data'],
        response: { 200: importStatementResponse },
        tags,
        description:
          'Imports a bank statement (multipart field `mapping`: JSON { date, reference, narration, amount, amountKind: credit|signed, dateFormat }, optional when the account has a saved mapping, sent before the field `file`: CSV or .xlsx). Dry run unless commit=true; commit posts the matched deposits as bank payments with receipts in one transaction. Lines already imported (same bank reference) are duplicates and add nothing.',
      },
    },
    async (req) => importStatement(notices, actorOf(req), req.query, await readUpload(req, 'import'), req.ip),
  );
  /** GET /api/fees/bank-statements?bankAccountId= → { items }: the statements imported, newest first. */
  r.get('/api/fees/bank-statements', { config: { permission: 'viewFees' }, schema: { querystring: listImportsQuery, response: { 200: listImportsResponse }, tags } }, async (req) =>
    listImports(deps.database, actorOf(req), req.query),
  );
  /** GET /api/fees/bank-statements/sample → a sample statement (CSV, KCB-like) of the school's learners. */
  r.get('/api/fees/bank-statements/sample', { config: { permission: 'manageFees' }, schema: { tags, description: 'A sample bank statement (CSV in a KCB-like layout) built from the school’s learners, to try the import.' } }, async (req, reply) => {
    const { csv, fileName } = await sampleStatement(deps.database, actorOf(req));
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="${fileName}"`);
    return reply.send(csv);
  });

  /** GET /api/fees/bank-statements/unmatched?search=&from=&to= → { items, total, sum }: deposits waiting in the unmatched queue. */
  r.get('/api/fees/bank-statements/unmatched', { config: { permission: 'viewFees' }, schema: { querystring: listBankUnmatchedQuery, response: { 200: listBankLinesResponse }, tags } }, async (req) =>
    listUnmatchedLines(deps.database, actorOf(req), req.query),
  );
  /** POST /api/fees/bank-statement-lines/:id/allocate { studentId, note? } → the line with its receipt; 409 NOT_UNMATCHED. */
  r.post('/api/fees/bank-statement-lines/:id/allocate', { config: { permission: 'manageFees' }, schema: { params: lineParams, body: allocateBankLineBody, response: { 200: bankLineSchema }, tags } }, async (req) =>
    allocateLine(notices, actorOf(req), req.params.id, req.body, req.ip),
  );
  /** POST /api/fees/bank-statement-lines/:id/ignore { reason } → the line, ignored; 409 NOT_UNMATCHED. */
  r.post('/api/fees/bank-statement-lines/:id/ignore', { config: { permission: 'manageFees' }, schema: { params: lineParams, body: ignoreBankLineBody, response: { 200: bankLineSchema }, tags } }, async (req) =>
    ignoreLine(deps.database, actorOf(req), req.params.id, req.body.reason, req.ip),
  );
}
