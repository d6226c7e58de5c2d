import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { messages } from '../../shared/messages.js';
import { files } from '../db/schema/index.js';
import type { Tx } from '../db/tenant.js';
import { assertNoNulInUpload } from '../plugins/input-guard.js';
import { AppError, notFound } from '../errors.js';
import type { FileStorage } from '../storage/storage.js';

const m = messages.files;
const MB = 1024 * 1024;

/**
 * What each kind of upload may be (issue 10 §5 "Size and type limits with clear errors"). Types are
 * checked from the file's bytes (file-type), not from its name or the browser's claim; CSV, which has
 * no signature, is accepted as text without NUL bytes under a .csv name or a text/csv claim.
 */
export const UPLOAD_RULES = {
  photo: { maxBytes: 2 * MB, types: ['image/jpeg', 'image/png', 'image/webp'] },
  logo: { maxBytes: 2 * MB, types: ['image/jpeg', 'image/png', 'image/webp'] },
  import: { maxBytes: 10 * MB, types: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] },
  document: { maxBytes: 10 * MB, types: ['application/pdf', 'image/jpeg', 'image/png'] },
  /** Attachments of announcements, messages and support tickets (issue 17: PDF and images; executables refused). */
  attachment: { maxBytes: 10 * MB, types: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'image/gif'] },
} as const;
export type UploadKind = keyof typeof UPLOAD_RULES;

/** The largest upload any route accepts (the multipart plugin's hard limit); larger is refused unread. */
export const MAX_UPLOAD_BYTES = 10 * MB;

export interface Upload {
  buffer: Buffer;
  filename: string;
  contentType: string;
  /** Other multipart fields sent before the file. */
  fields: Record<string, string>;
}

function looksLikeText(buf: Buffer): boolean {
  const n = Math.min(buf.length, 64 * 1024);
  for (let i = 0; i < n; i++) if (buf[i] === 0) return false;
  return true;
}

/** The checked type of `buffer` for `kind`, or a 415 with the accepted types named. */
export async function detectType(kind: UploadKind, buffer: Buffer, filename: string, claimed: string): Promise<string> {
  const rule = UPLOAD_RULES[kind];
  const detected = await fileTypeFromBuffer(buffer);
  let type = detected?.mime as string | undefined;
  if (!type && (rule.types as readonly string[]).includes('text/csv') && looksLikeText(buffer)) {
    if (/\.csv$/i.test(filename) || /^text\/(csv|plain)|application\/vnd\.ms-excel/.test(claimed)) type = 'text/csv';
  }
  if (!type || !(rule.types as readonly string[]).includes(type)) throw new AppError(415, 'FILE_TYPE', m.wrongType(m.kinds[kind]));
  return type;
}

/**
 * Reads the one file of a multipart request (field `file`) within `kind`'s limits: 400 NO_FILE when
 * there is none, 413 FILE_TOO_LARGE past the size limit (the rest is not read), 415 FILE_TYPE for a
 * type the kind does not accept, 400 EMPTY for an empty file.
 */
export async function readUpload(request: FastifyRequest, kind: UploadKind): Promise<Upload> {
  const rule = UPLOAD_RULES[kind];
  if (!request.isMultipart()) throw new AppError(400, 'NO_FILE', m.noFile);
  let part;
  try {
    part = await request.file({ limits: { fileSize: rule.maxBytes, files: 1 } });
  } catch (err) {
    throw uploadError(err, rule.maxBytes);
  }
  if (!part) throw new AppError(400, 'NO_FILE', m.noFile);
  assertNoNulInUpload(part);
  let buffer: Buffer;
  try {
    buffer = await part.toBuffer();
  } catch (err) {
    throw uploadError(err, rule.maxBytes);
  }
  if (part.file.truncated) throw tooLarge(rule.maxBytes);
  if (buffer.length === 0) throw new AppError(400, 'EMPTY', m.empty);
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(part.fields)) {
    const v = Array.isArray(value) ? value[0] : value;
    if (v && 'value' in v && typeof v.value === 'string') fields[name] = v.value;
  }
  const contentType = await detectType(kind, buffer, part.filename, part.mimetype);
  return { buffer, filename: part.filename, contentType, fields };
}

function tooLarge(maxBytes: number): AppError {
  return new AppError(413, 'FILE_TOO_LARGE', m.tooLarge(Math.round(maxBytes / MB)));
}

function uploadError(err: unknown, maxBytes: number): AppError {
  const code = (err as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT') return tooLarge(maxBytes);
  if (err instanceof AppError) return err;
  return new AppError(400, 'BAD_UPLOAD', m.noFile, {}, err);
}

export type FileRow = typeof files.$inferSelect;

/**
 * Stores the bytes, then records the file in the caller's transaction (the row rolls back with it; the
 * object left behind by a rollback is unreferenced and harmless).
 */
export async function storeFile(
  tx: Tx,
  storage: FileStorage,
  f: { schoolId: string; kind: UploadKind | 'generated'; buffer: Buffer; contentType: string; originalName?: string | null; createdBy?: string | null },
): Promise<FileRow> {
  const id = randomUUID();
  const key = `${f.schoolId}/${f.kind}/${id}`;
  await storage.put(key, f.buffer, f.contentType);
  const [row] = await tx
    .insert(files)
    .values({
      id,
      schoolId: f.schoolId,
      kind: f.kind,
      storageKey: key,
      contentType: f.contentType,
      sizeBytes: f.buffer.length,
      originalName: f.originalName ?? null,
      sha256: createHash('sha256').update(f.buffer).digest('hex'),
      createdBy: f.createdBy ?? null,
    })
    .returning();
  return row!;
}

/** A file of the school with its bytes; 404 when unknown, another school's, or gone from storage. */
export async function loadFile(tx: Tx, storage: FileStorage, schoolId: string | null, fileId: string): Promise<{ row: FileRow; body: Buffer }> {
  const [row] = await tx
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), schoolId ? eq(files.schoolId, schoolId) : undefined));
  if (!row) throw notFound(m.notFound);
  const body = await storage.get(row.storageKey);
  if (!body) throw notFound(m.notFound);
  return { row, body };
}
