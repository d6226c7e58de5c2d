import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../../shared/access.js';
import { messages } from '../../../shared/messages.js';
import type { Database } from '../../db/client.js';
import { withScope } from '../../db/tenant.js';
import { forbidden, notFound } from '../../errors.js';
import type { FileStorage } from '../../storage/storage.js';
import { auditSchool } from '../../lib/school-context.js';
import { loadFile, readUpload, storeFile } from '../../lib/files.js';
import { audienceScope, learnerAudience, learnerNotFound, visibleLearners } from '../learners/index.js';
import * as repo from './people.repository.js';

/** Audit actions of learner photos (the Audit Trail lists them). */
export const PHOTO_AUDIT = { changed: 'STUDENT_PHOTO_CHANGED', removed: 'STUDENT_PHOTO_REMOVED' } as const;

/** The URL a learner's photo is served at, versioned by file so browsers may cache it. */
export function photoUrl(studentId: string, fileId: string): string {
  return `/api/students/${studentId}/photo?v=${fileId.slice(0, 8)}`;
}

function principalOnly(actor: Actor): void {
  if (actor.role !== 'principal' || !actor.schoolId) throw forbidden(messages.friendly.permission);
}

/**
 * PUT /api/students/:id/photo (multipart field `file`): the principal sets a learner's photo (JPEG,
 * PNG or WebP up to 2 MB, checked from the bytes: 413 FILE_TOO_LARGE, 415 FILE_TYPE, 400 NO_FILE or
 * EMPTY). Stored as a `photo` file; students.photo_file_id points at it; audited with the old and new
 * file ids. The previous file stays stored (the audit trail refers to it). 404 for a learner of
 * another school.
 */
export async function putPhoto(database: Database, storage: FileStorage, actor: Actor, id: string, request: FastifyRequest): Promise<{ photoUrl: string }> {
  principalOnly(actor);
  const upload = await readUpload(request, 'photo');
  const audience = learnerAudience(actor);
  return withScope(database.db, audienceScope(audience), async (tx) => {
    const row = await repo.photoOf(tx, visibleLearners(audience), id);
    if (!row) throw learnerNotFound();
    const file = await storeFile(tx, storage, {
      schoolId: row.schoolId,
      kind: 'photo',
      buffer: upload.buffer,
      contentType: upload.contentType,
      originalName: upload.filename,
      createdBy: actor.id,
    });
    await repo.setPhoto(tx, id, file.id);
    const newValue = { photoFileId: file.id, contentType: upload.contentType, sizeBytes: upload.buffer.length };
    await auditSchool(tx, { actor, schoolId: row.schoolId, ip: request.ip }, PHOTO_AUDIT.changed, `student:${id}`, { photoFileId: row.photoFileId }, newValue);
    return { photoUrl: photoUrl(id, file.id) };
  });
}

/** DELETE /api/students/:id/photo → 204: the principal removes the photo (idempotent; audited when there was one). */
export async function deletePhoto(database: Database, actor: Actor, id: string, ip: string): Promise<void> {
  principalOnly(actor);
  const audience = learnerAudience(actor);
  await withScope(database.db, audienceScope(audience), async (tx) => {
    const row = await repo.photoOf(tx, visibleLearners(audience), id);
    if (!row) throw learnerNotFound();
    if (!row.photoFileId) return;
    await repo.setPhoto(tx, id, null);
    await auditSchool(tx, { actor, schoolId: row.schoolId, ip }, PHOTO_AUDIT.removed, `student:${id}`, { photoFileId: row.photoFileId }, { photoFileId: null });
  });
}

/**
 * GET /api/students/:id/photo: the photo's bytes for anyone who may see the learner (the register's
 * rules, learner-scope.ts: a teacher the learners they teach, a parent their children). 404 when the
 * learner is not visible or has no photo.
 */
export async function getPhoto(database: Database, storage: FileStorage, actor: Actor, id: string): Promise<{ body: Buffer; contentType: string }> {
  const audience = learnerAudience(actor);
  return withScope(database.db, audienceScope(audience), async (tx) => {
    const row = await repo.photoOf(tx, visibleLearners(audience), id);
    if (!row) throw learnerNotFound();
    if (!row.photoFileId) throw notFound(messages.people.noPhoto);
    const { row: file, body } = await loadFile(tx, storage, row.schoolId, row.photoFileId);
    return { body, contentType: file.contentType };
  });
}
