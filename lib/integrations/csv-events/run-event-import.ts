// Runs one EventImport: every row mapped and validated, the good ones written through the event
// ingest (lib/events: metrics, flow triggers, segments and attribution see them as they see
// /api/events), the refused ones kept as a CSV with the line and the reason for download.
// A row is its own ingest group, so a row the database refuses never takes its neighbours down.
import { db } from '@/lib/db/client'
import { writeBatch } from '@/lib/events/ingest-events'
import { acceptedNow } from '@/lib/profiles/attribute-times'
import { parseCsv } from '@/lib/imports/parse-csv'
import { csvDocument } from '@/lib/text/csv-writer'
import type { CsvEventMapping } from './mapping'
import { rowToEvent } from './row-to-event'

export const REFUSED_HEADERS = ['Line', 'Reason'] as const
const CHUNK = 500

export interface ImportOutcome {
  totalRows: number
  importedRows: number
  refusedRows: number
  refusedCsv: string
}

export async function importEventRows(
  companyId: number,
  csv: string,
  mapping: CsvEventMapping,
): Promise<ImportOutcome> {
  const { header, rows } = await parseCsv(csv)
  const refused: string[][] = []
  const refuse = (cells: string[], line: number, reason: string) =>
    refused.push([...header.map((_, i) => cells[i] ?? ''), String(line), reason])
  let imported = 0
  const acceptedAt = acceptedNow()
  for (let at = 0; at < rows.length; at += CHUNK) {
    const good: Array<{ row: (typeof rows)[number]; group: Parameters<typeof writeBatch>[0][number] }> = []
    for (const row of rows.slice(at, at + CHUNK)) {
      if (row.error) {
        refuse(row.cells, row.line, row.error)
        continue
      }
      const r = rowToEvent(header, row.cells, mapping)
      if ('reason' in r) refuse(row.cells, row.line, r.reason)
      else good.push({ row, group: { companyId, mode: 'import', events: [{ ...r.event, acceptedAt }] } })
    }
    if (!good.length) continue
    const outcomes = await writeBatch(
      good.map((g) => g.group),
      'isolate',
    )
    outcomes.forEach((o, i) => {
      if ('error' in o) refuse(good[i]!.row.cells, good[i]!.row.line, 'The event could not be stored.')
      else imported++
    })
  }
  refused.sort((a, b) => Number(a[header.length]) - Number(b[header.length]))
  return {
    totalRows: rows.length,
    importedRows: imported,
    refusedRows: refused.length,
    refusedCsv: refused.length ? csvDocument([...header, ...REFUSED_HEADERS], refused) : '',
  }
}

/** Runs a stored import and records its outcome on the row (company-scoped). */
export async function runEventImport(companyId: number, importId: string, csv: string): Promise<ImportOutcome | null> {
  const row = await db.eventImport.findFirst({ where: { id: importId, companyId } })
  if (!row || row.status === 'complete') return null
  await db.eventImport.updateMany({ where: { id: importId, companyId }, data: { status: 'processing' } })
  try {
    const outcome = await importEventRows(companyId, csv, JSON.parse(row.mapping) as CsvEventMapping)
    await db.eventImport.updateMany({
      where: { id: importId, companyId },
      data: { ...outcome, status: 'complete', finishedAt: new Date() },
    })
    return outcome
  } catch (e) {
    await db.eventImport.updateMany({
      where: { id: importId, companyId },
      data: { status: 'failed', finishedAt: new Date(), refusedCsv: csvDocument(['Reason'], [[(e as Error).message]]) },
    })
    throw e
  }
}
