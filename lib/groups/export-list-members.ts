// CSV export of a list's or segment's members into a Download (listed at /downloads). Up to
// 50,000 rows are written at once; a larger export is built by the 'lists.export' job.
import { db } from '@/lib/db/client'
import { enqueue } from '@/lib/jobs/queue'
import { sqlite } from '@/lib/db/sqlite'
import { csvDocument } from '@/lib/text/csv-writer'
import { getGroupRow } from './get-group'

export const INLINE_EXPORT_LIMIT = 50_000
const COLUMNS = ['id', 'email', 'phone_number', 'external_id', 'first_name', 'last_name', 'organization', 'city', 'region', 'country', 'zip', 'joined_at', 'source']

export interface ExportResult { downloadId: number; status: string; rowCount: number; fileName: string }

function csvFor(groupId: string, companyId: number): { csv: string; rows: number } {
  const rows = sqlite().prepare(`SELECT p.id, p.email, p.phoneNumber, p.externalId, p.firstName, p.lastName, p.organization,
      p.city, p.region, p.country, p.zip, gm.enteredAt, gm.source
    FROM GroupMembership gm JOIN Profile p ON p.id = gm.profileId
    WHERE gm.groupId = ? AND gm.leftAt IS NULL AND p.companyId = ? ORDER BY gm.enteredAt, gm.id`).raw().all(groupId, companyId) as unknown[][]
  for (const r of rows) r[11] = new Date(String(r[11])).toISOString()
  // Through the shared writer: names, emails and sources are merchant or visitor text.
  return { csv: csvDocument(COLUMNS, rows), rows: rows.length }
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'list'

export async function exportListMembers(companyId: number, groupId: string, userId?: number): Promise<ExportResult> {
  const g = await getGroupRow(companyId, groupId)
  const fileName = `${slug(g.name)}-members-${new Date().toISOString().slice(0, 10)}.csv`
  const count = sqlite().prepare(`SELECT COUNT(*) FROM GroupMembership WHERE groupId = ? AND leftAt IS NULL`).pluck().get(g.id) as number
  if (count <= INLINE_EXPORT_LIMIT) {
    const { csv, rows } = csvFor(g.id, companyId)
    const d = await db.download.create({
      data: { companyId, userId: userId ?? null, type: 'list_members', status: 'complete', fileName, content: csv, rowCount: rows, completedAt: new Date() },
    })
    return { downloadId: d.id, status: d.status, rowCount: rows, fileName }
  }
  const d = await db.download.create({ data: { companyId, userId: userId ?? null, type: 'list_members', status: 'queued', fileName } })
  let jobId: number
  try {
    jobId = await enqueue('lists.export', { downloadId: d.id, groupId: g.id }, { companyId })
  } catch (e) {
    await db.download.delete({ where: { id: d.id } }).catch(() => {})
    throw e
  }
  await db.download.update({ where: { id: d.id }, data: { jobId } })
  return { downloadId: d.id, status: 'queued', rowCount: 0, fileName }
}

/** The job side of a large export (idempotent: the file is rebuilt whole). */
export async function buildListExport(companyId: number, downloadId: number, groupId: string): Promise<void> {
  const d = await db.download.findFirst({ where: { id: downloadId, companyId } })
  if (!d) return
  await db.download.update({ where: { id: d.id }, data: { status: 'processing' } })
  const { csv, rows } = csvFor(groupId, companyId)
  await db.download.update({ where: { id: d.id }, data: { status: 'complete', content: csv, rowCount: rows, completedAt: new Date() } })
}
