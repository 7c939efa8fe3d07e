// GET /ajax/list/{id}/imports/{importId}/refused: the rows one of the list's imports refused, as CSV.
import { notFound } from '@/lib/errors/app-error'
import { getImportJob } from '@/lib/imports/get-import-job'
import { refusedRowsCsv } from '@/lib/imports/refused-rows-csv'
import { getGroupRow } from './get-group'
import { LIST } from './group-view'

export async function listImportRefusedRows(companyId: number, listId: string, importId: string) {
  const list = await getGroupRow(companyId, listId, LIST)
  const job = await getImportJob(companyId, importId)
  let listIds: string[] = []
  try {
    listIds = job ? (JSON.parse(job.listIds) as string[]) : []
  } catch {
    /* not this list's */
  }
  if (!job || job.kind !== 'csv' || !listIds.includes(list.id)) throw notFound('Import not found.')
  const { csv, count } = await refusedRowsCsv(job)
  const day = job.createdAt.toISOString().slice(0, 10)
  return {
    csv,
    count,
    fileName: `refused-rows-${
      list.name
        .replace(/[^\p{L}\p{N}]+/gu, '-')
        .replace(/^-|-$/g, '')
        .slice(0, 60) || 'list'
    }-${day}.csv`,
  }
}
