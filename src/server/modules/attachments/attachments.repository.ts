import { and, eq, inArray } from 'drizzle-orm';
import { files } from '../../db/schema/index.js';
import type { AttachmentRef } from '../../db/schema/announcements.js';
import type { Tx } from '../../db/tenant.js';
import type { FileRow } from '../../lib/files.js';

/** What an announcement, message or ticket reply stores per attached file. */
export type { AttachmentRef };

/** The `attachment` files of the school among `ids`, whoever uploaded them (unordered). */
export async function listAttachmentFiles(tx: Tx, schoolId: string, ids: string[]): Promise<FileRow[]> {
  return tx
    .select()
    .from(files)
    .where(and(inArray(files.id, ids), eq(files.schoolId, schoolId), eq(files.kind, 'attachment')));
}
