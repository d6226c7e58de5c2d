import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../../shared/messages.js';
import { isAdminRole } from '../../../shared/roles.js';
import { withScope, type Tx } from '../../db/tenant.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { actorOf, scopeOf } from '../../plugins/access.js';
import type { FileStorage } from '../../storage/storage.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import { loadFile, readUpload, storeFile } from '../../lib/files.js';
import { listAttachmentFiles, type AttachmentRef } from './attachments.repository.js';

export type { AttachmentRef };

/** Most files one announcement, message or ticket reply may carry. */
export const MAX_ATTACHMENTS = 5;

export const attachmentRefSchema = z.object({
  fileId: z.uuid(),
  name: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
});

/**
 * Turns the file ids a user attached into stored references (issue 17: attachments of announcements,
 * messages and tickets). Each id must be an `attachment` file of `schoolId` uploaded by `userId`
 * (platform staff: any of the school's); at most MAX_ATTACHMENTS. 400 otherwise, nothing written.
 */
export async function resolveAttachments(tx: Tx, schoolId: string, userId: string, fileIds: readonly string[] | undefined, opts: { anyUploader?: boolean } = {}): Promise<AttachmentRef[]> {
  const ids = [...new Set(fileIds ?? [])];
  if (ids.length === 0) return [];
  if (ids.length > MAX_ATTACHMENTS) throw badRequest(messages.files.tooManyAttachments(MAX_ATTACHMENTS));
  const rows = await listAttachmentFiles(tx, schoolId, ids);
  const byId = new Map(rows.filter((r) => opts.anyUploader || r.createdBy === userId).map((r) => [r.id, r]));
  return ids.map((id) => {
    const r = byId.get(id);
    if (!r) throw badRequest(messages.files.attachmentUnknown);
    return { fileId: r.id, name: r.originalName ?? `attachment-${r.id.slice(0, 8)}`, contentType: r.contentType, sizeBytes: r.sizeBytes };
  });
}

/**
 * Sends one attachment of an item the caller may read (the caller's module checks that first): 404
 * unless `fileId` is among `refs`; inline for images and PDFs, with nosniff so nothing uploaded runs.
 */
export async function sendAttachment(reply: FastifyReply, tx: Tx, storage: FileStorage, refs: readonly AttachmentRef[], fileId: string, download = false) {
  const ref = refs.find((a) => a.fileId === fileId);
  if (!ref) throw notFound(messages.files.notFound);
  // The file by id alone (row-level security keeps it to the transaction's school); 404 when gone.
  const { row, body } = await loadFile(tx, storage, null, fileId);
  const name = ref.name.replace(/[^\w.\- ]+/g, '_');
  reply.header('content-type', row.contentType);
  reply.header('cache-control', 'private, max-age=300');
  reply.header('x-content-type-options', 'nosniff');
  reply.header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
  reply.header('content-disposition', `${download ? 'attachment' : 'inline'}; filename="${name}"`);
  return reply.send(body);
}

/**
 * POST /api/attachments (any signed-in school user; platform staff name the school with the multipart
 * field `schoolId` before the file), multipart field `file`: a PDF or image up to 10 MB, checked from its
 * bytes → 201 AttachmentRef. Attach it by `fileId` to an announcement, message or ticket reply. 400
 * NO_FILE/EMPTY, 413 FILE_TOO_LARGE (a 30 MB file is refused unread), 415 FILE_TYPE (an executable).
 */
export async function attachmentsRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/attachments',
    {
      config: { permission: 'signedIn' },
      schema: { consumes: ['multipart/form-data'], response: { 201: attachmentRefSchema }, tags: ['communication'] },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const upload = await readUpload(request, 'attachment');
      const schoolId = isAdminRole(actor.role) ? (upload.fields.schoolId ?? null) : actor.schoolId;
      if (!schoolId || !z.uuid().safeParse(schoolId).success) throw new AppError(400, 'NO_SCHOOL', messages.files.attachmentUnknown);
      const row = await withScope(deps.database.db, scopeOf(request), (tx) =>
        storeFile(tx, deps.storage, { schoolId, kind: 'attachment', buffer: upload.buffer, contentType: upload.contentType, originalName: upload.filename, createdBy: actor.id }),
      );
      return reply.code(201).send({ fileId: row.id, name: row.originalName ?? 'attachment', contentType: row.contentType, sizeBytes: row.sizeBytes });
    },
  );
}
