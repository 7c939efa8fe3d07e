// A message's attachments as the thread shows them, and a stored one's bytes for
// GET /ajax/inbox/attachments/:messageId/:index (the company's team only: the message is read
// with the caller's company, so another company's member gets a 404).
import fs from 'node:fs/promises'
import path from 'node:path'
import { dataDir } from '@/lib/config/data-dir.mjs'
import { read, selectFirst } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { ATTACHMENTS_ROOT, type KeptMedia } from './attachments-store'

export interface AttachmentView {
  /** The position in the message's media list: the attachment's address. */
  index: number
  contentType: string
  url?: string
  mediaId?: string
  caption?: string
  /** pending: not fetched yet; unavailable: the provider's file could not be kept (reason). */
  status: 'pending' | 'stored' | 'unavailable'
  href?: string
  size?: number
  reason?: string
}

export const attachmentHref = (messageId: number, index: number) => `/ajax/inbox/attachments/${messageId}/${index}`

export function attachmentViews(messageId: number, raw: string | null): AttachmentView[] {
  if (!raw) return []
  const media = JSON.parse(raw) as KeptMedia[]
  return media.flatMap((m, index): AttachmentView[] => {
    // The subject line an email thread keeps in its media is not an attachment.
    if (m.contentType === 'message/subject') return []
    const base = {
      index,
      contentType: m.stored?.contentType ?? m.contentType,
      ...(m.url ? { url: m.url } : {}),
      ...(m.mediaId ? { mediaId: m.mediaId } : {}),
      ...(m.caption ? { caption: m.caption } : {}),
    }
    if (m.stored) return [{ ...base, status: 'stored', href: attachmentHref(messageId, index), size: m.stored.size }]
    if (m.unavailable) return [{ ...base, status: 'unavailable', reason: m.unavailable }]
    return [{ ...base, status: 'pending' }]
  })
}

export async function readAttachment(
  companyId: number,
  messageId: number,
  index: number,
): Promise<{ bytes: Buffer; contentType: string; fileName: string } | null> {
  const row = await read(
    selectFirst(
      kysely()
        .selectFrom('ConversationMessage')
        .select('media')
        .where('companyId', '=', companyId)
        .where('id', '=', messageId),
    ),
  )
  const stored = row?.media ? (JSON.parse(row.media) as KeptMedia[])[index]?.stored : undefined
  if (!stored) return null
  const base = path.join(dataDir(), ATTACHMENTS_ROOT, String(companyId))
  const abs = path.resolve(dataDir(), stored.file)
  if (!abs.startsWith(base + path.sep)) return null
  const bytes = await fs.readFile(abs).catch(() => null)
  return bytes ? { bytes, contentType: stored.contentType, fileName: path.posix.basename(stored.file) } : null
}
