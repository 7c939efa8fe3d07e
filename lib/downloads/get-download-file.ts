// The file of a complete download (GET /ajax/downloads/{id}/file).
import { db } from '@/lib/db/client'
import { AppError, notFound } from '@/lib/errors/app-error'
import { visibleTo } from './download-status'

export async function getDownloadFile(companyId: number, userId: number, id: number) {
  const d = await db.download.findFirst({ where: { id, ...visibleTo(companyId, userId) } })
  if (!d) throw notFound('This download does not exist.')
  if (d.status !== 'complete' || d.content == null) throw new AppError('not_ready', 409, 'This file is not ready yet.')
  return { fileName: d.fileName, content: d.content }
}

/** Content-Disposition for a file name: an ASCII fallback plus the UTF-8 name (RFC 6266). */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}
