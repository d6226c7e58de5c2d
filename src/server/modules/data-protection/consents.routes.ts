import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consentRegisterQuery, consentRegisterResponse, consentSummaryResponse, consentsResponse, putConsentsBody, type ConsentRegisterRow } from '../../../shared/contracts/consents.js';
import { schoolToday } from '../../../shared/dates.js';
import { CONSENT_PURPOSE_LABELS, CONSENT_SOURCE_LABELS, consentMessages } from '../../../shared/messages/consents.js';
import { ROLE_DISPLAY_NAMES, type Role } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { inRequestScope } from '../../lib/request-caller.js';
import { sendSpreadsheet, type ExportColumn } from '../../lib/spreadsheet.js';
import * as svc from './consents.service.js';
import { perLocale } from '../../../shared/i18n/localized.js';

const studentParams = z.object({ id: z.uuid('Invalid learner id') });
const r_ = consentMessages.register;
const card = consentMessages.card;

const roleName = (role: string | null) => (role ? (ROLE_DISPLAY_NAMES[role as Role] ?? role) : '');

const registerColumns = perLocale((): ExportColumn<ConsentRegisterRow>[] => ([
  { header: r_.learner, value: (x) => x.learner, width: 28 },
  { header: r_.admissionNumber, value: (x) => x.admissionNumber, width: 18 },
  { header: r_.stream, value: (x) => x.stream, width: 16 },
  { header: r_.guardian, value: (x) => x.guardian ?? card.learnerRecord, width: 26 },
  { header: r_.phone, value: (x) => x.phone, width: 16 },
  { header: r_.purpose, value: (x) => CONSENT_PURPOSE_LABELS[x.purpose], width: 16 },
  { header: r_.state, value: (x) => (x.granted ? card.granted : card.withdrawn), width: 12 },
  { header: r_.source, value: (x) => CONSENT_SOURCE_LABELS[x.source], width: 16 },
  { header: r_.recordedBy, value: (x) => x.recordedBy, width: 24 },
  { header: r_.role, value: (x) => roleName(x.recordedByRole), width: 16 },
  { header: r_.recordedAt, value: (x) => x.recordedAt, width: 18 },
]));

/**
 * Consent under the Kenya Data Protection Act 2019 (issue 35 §5, §6; docs/decisions/0025-consent.md).
 * Errors: `{ error: { code, message } }`; bad input 400 with nothing written; another school's learner 404.
 */
export async function consentRoutes(app: FastifyInstance, database: Database): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Routes name the nearest permission; the service narrows to principal, director and the learner's parents (403 otherwise).
  const reader = { permission: 'viewLearners' } as const;

  /**
   * GET /api/students/:id/consents → { studentId, studentName, canEdit: all | own, guardians: [{ id,
   * name, relationship, isPrimary, own }], current: [{ purpose, guardianId (null: the learner record),
   * granted (null: not yet asked), source, recordedById, recordedByName, recordedByRole, recordedAt }],
   * history: [same, newest first] }. Principal and director: every guardian; a parent: their own
   * record, for their own children (another child 404); other roles 403; another school 404.
   */
  r.get('/api/students/:id/consents', { config: reader, schema: { summary: 'A learner’s consents (Data Protection Act 2019): current state per guardian and purpose, and history', params: studentParams, response: { 200: consentsResponse }, tags: ['students', 'data-protection'] } }, async (req) =>
    inRequestScope(database, req, (tx, c) => svc.getConsents(tx, c, req.params.id)),
  );

  /**
   * PUT /api/students/:id/consents { consents: [{ purpose: processing | photos | sms | email, granted,
   * guardianId? }] } (guardianId omitted: the learner record for the principal or director, the
   * parent's own record for a parent) → as GET. One transaction; audited CONSENTS_RECORDED. 400 an
   * unknown purpose, a guardian not linked to the learner, a purpose twice for one guardian; 403 a
   * parent naming another guardian.
   */
  r.put(
    '/api/students/:id/consents',
    { config: reader, schema: { summary: 'Record consent decisions for a learner (one transaction, audited)', params: studentParams, body: putConsentsBody, response: { 200: consentsResponse }, tags: ['students', 'data-protection'] } },
    async (req) => inRequestScope(database, req, (tx, c) => svc.putConsents(tx, c, req.params.id, req.body)),
  );

  /**
   * GET /api/data-protection/consent-register?format=xlsx|json (principal, director): the current
   * state of every recorded consent of the school, for the Data Commissioner. json → { generatedAt,
   * rows: [{ learner, admissionNumber, stream, guardian, phone, purpose, granted, source, recordedBy,
   * recordedByRole, recordedAt }] }; xlsx → consent-register-<YYYY-MM-DD>.xlsx (dates dd/mm/yyyy).
   */
  r.get(
    '/api/data-protection/consent-register',
    { config: { permission: 'exportPersonalData' }, schema: { summary: 'Consent register for the Data Commissioner (xlsx or json)', querystring: consentRegisterQuery, response: { 200: consentRegisterResponse }, tags: ['data-protection'] } },
    async (req, reply) => {
      const out = await inRequestScope(database, req, (tx, c) => svc.consentRegister(tx, c));
      if (req.query.format === 'json') return out;
      return sendSpreadsheet(reply, 'xlsx', r_.fileName(schoolToday()), registerColumns, out.rows, r_.sheet);
    },
  );

  /**
   * GET /api/data-protection/consent-summary (principal, director; others 403) → { learners,
   * notAnswered, smsWithdrawn }: active learners, those whose guardians have not yet answered the
   * processing question, those with a guardian who withdrew SMS consent about them.
   */
  r.get(
    '/api/data-protection/consent-summary',
    { config: { permission: 'exportPersonalData' }, schema: { summary: 'Consent summary: learners whose parents have not yet answered, or withdrew SMS', response: { 200: consentSummaryResponse }, tags: ['data-protection'] } },
    async (req) => inRequestScope(database, req, (tx, c) => svc.consentSummary(tx, c)),
  );
}
