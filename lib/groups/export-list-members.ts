// CSV export of a list's or segment's members into a Download (listed at /downloads). Up to
// 50,000 rows are written at once; a larger export is built by the 'lists.export' job.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { toDate } from '@/lib/db/dialect'
import { kysely } from '@/lib/db/kysely'
import { read, select, selectFirst } from '@/lib/db/ops'
import { enqueue } from '@/lib/jobs/queue'
import { csvDocument } from '@/lib/text/csv-writer'
import { getGroupRow } from './get-group'

export const INLINE_EXPORT_LIMIT = 50_000
export const EXPORT_COLUMNS = [
  'id',
  'email',
  'phone_number',
  'external_id',
  'first_name',
  'last_name',
  'organization',
  'city',
  'region',
  'country',
  'zip',
  'joined_at',
  'source',
] as const
export type ExportColumn = (typeof EXPORT_COLUMNS)[number]

// The columns the merchant chose (/list/{id}/export/choose-properties); none chosen means all.
export const exportListBody = z.object({
  columns: z
    .array(z.enum(EXPORT_COLUMNS))
    .min(1, 'Choose at least one property.')
    .max(EXPORT_COLUMNS.length)
    .optional(),
})

/** The chosen columns in the file's usual order, each once. */
export const orderColumns = (cols?: readonly string[]): ExportColumn[] =>
  cols?.length ? EXPORT_COLUMNS.filter((c) => cols.includes(c)) : [...EXPORT_COLUMNS]

export interface ExportResult {
  downloadId: number
  status: string
  rowCount: number
  fileName: string
}

async function csvFor(
  groupId: string,
  companyId: number,
  columns: readonly ExportColumn[] = EXPORT_COLUMNS,
): Promise<{ csv: string; rows: number }> {
  const found = await read(
    select(
      kysely()
        .selectFrom('GroupMembership as gm')
        .innerJoin('Profile as p', 'p.id', 'gm.profileId')
        .select([
          'p.id',
          'p.email',
          'p.phoneNumber',
          'p.externalId',
          'p.firstName',
          'p.lastName',
          'p.organization',
          'p.city',
          'p.region',
          'p.country',
          'p.zip',
          'gm.enteredAt',
          'gm.source',
        ])
        .where('gm.groupId', '=', groupId)
        .where('gm.leftAt', 'is', null)
        .where('p.companyId', '=', companyId)
        .orderBy('gm.enteredAt')
        .orderBy('gm.id'),
    ),
  )
  const all = found.map((r) => [
    r.id,
    r.email,
    r.phoneNumber,
    r.externalId,
    r.firstName,
    r.lastName,
    r.organization,
    r.city,
    r.region,
    r.country,
    r.zip,
    toDate(r.enteredAt)!.toISOString(),
    r.source,
  ])
  const pick = columns.map((c) => EXPORT_COLUMNS.indexOf(c))
  const rows = all.map((r) => pick.map((i) => r[i]))
  // Through the shared writer: names, emails and sources are merchant or visitor text.
  return { csv: csvDocument([...columns], rows), rows: rows.length }
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'list'

export async function exportListMembers(
  companyId: number,
  groupId: string,
  userId?: number,
  chosen?: readonly string[],
): Promise<ExportResult> {
  const g = await getGroupRow(companyId, groupId)
  const columns = orderColumns(chosen)
  const fileName = `${slug(g.name)}-members-${new Date().toISOString().slice(0, 10)}.csv`
  const count = Number(
    (
      await read(
        selectFirst(
          kysely()
            .selectFrom('GroupMembership')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('groupId', '=', g.id)
            .where('leftAt', 'is', null),
        ),
      )
    )?.n ?? 0,
  )
  if (count <= INLINE_EXPORT_LIMIT) {
    const { csv, rows } = await csvFor(g.id, companyId, columns)
    const d = await db.download.create({
      data: {
        companyId,
        userId: userId ?? null,
        type: 'list_members',
        status: 'complete',
        fileName,
        content: csv,
        rowCount: rows,
        completedAt: new Date(),
      },
    })
    return { downloadId: d.id, status: d.status, rowCount: rows, fileName }
  }
  const d = await db.download.create({
    data: { companyId, userId: userId ?? null, type: 'list_members', status: 'queued', fileName },
  })
  let jobId: number
  try {
    jobId = await enqueue('lists.export', { downloadId: d.id, groupId: g.id, columns }, { companyId })
  } catch (e) {
    await db.download.delete({ where: { id: d.id } }).catch(() => {})
    throw e
  }
  await db.download.update({ where: { id: d.id }, data: { jobId } })
  return { downloadId: d.id, status: 'queued', rowCount: 0, fileName }
}

/** The job side of a large export (idempotent: the file is rebuilt whole). */
export async function buildListExport(
  companyId: number,
  downloadId: number,
  groupId: string,
  columns?: readonly string[],
): Promise<void> {
  const d = await db.download.findFirst({ where: { id: downloadId, companyId } })
  if (!d) return
  await db.download.update({ where: { id: d.id }, data: { status: 'processing' } })
  const { csv, rows } = await csvFor(groupId, companyId, orderColumns(columns))
  await db.download.update({
    where: { id: d.id },
    data: { status: 'complete', content: csv, rowCount: rows, completedAt: new Date() },
  })
}
