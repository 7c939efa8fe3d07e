// A person's stored attachments when the person is erased (lib/data-privacy): the files are
// listed inside the deletion's transaction, with the rows that name them, and removed from
// DATA_DIR once it committed (files are no part of a transaction; a crash in between leaves
// unreachable files, never a message without its file).
import fs from 'node:fs/promises'
import path from 'node:path'
import { dataDir } from '@/lib/config/data-dir.mjs'
import { select, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { ATTACHMENTS_ROOT, type KeptMedia } from './attachments-store'

export function* personAttachmentFilesOps(companyId: number, profileId: string): Ops<string[]> {
  const rows = yield* select(
    kysely()
      .selectFrom('ConversationMessage as m')
      .innerJoin('Conversation as c', (j) => j.onRef('c.id', '=', 'm.conversationId').on('c.companyId', '=', companyId))
      .select('m.media')
      .where('m.companyId', '=', companyId)
      .where('c.profileId', '=', profileId)
      .where('m.media', 'is not', null),
  )
  return rows.flatMap((r) => (JSON.parse(r.media!) as KeptMedia[]).flatMap((m) => (m.stored ? [m.stored.file] : [])))
}

export async function removeAttachmentFiles(companyId: number, files: string[]): Promise<void> {
  const base = path.join(dataDir(), ATTACHMENTS_ROOT, String(companyId))
  for (const file of files) {
    const abs = path.resolve(dataDir(), file)
    if (abs.startsWith(base + path.sep)) await fs.rm(abs, { force: true })
  }
}
