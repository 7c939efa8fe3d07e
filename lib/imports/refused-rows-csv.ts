// The rows an import refused, as a CSV the merchant can fix and import again: the file's own
// header and cells of each refused row, with the line it had in the file and the reasons, written
// through the shared CSV writer (quoting and formula escaping as every other file we hand out).
import type { ImportJob } from '@/generated/prisma/client'
import { csvDocument } from '@/lib/text/csv-writer'
import { importErrors } from './get-import-job'
import { parseCsv } from './parse-csv'

export const REFUSED_LINE_HEADER = 'Line in the original file'
export const REFUSED_REASON_HEADER = 'Why this row was not imported'

export async function refusedRowsCsv(
  job: Pick<ImportJob, 'input' | 'errors'>,
): Promise<{ csv: string; count: number }> {
  const reasons = new Map<number, string[]>()
  for (const e of importErrors(job)) {
    if (e.imported || e.line < 2) continue // imported rows and whole-job failures are not refused rows
    const list = reasons.get(e.line) ?? []
    list.push(e.field ? `${e.field}: ${e.message}` : e.message)
    reasons.set(e.line, list)
  }
  let header: string[] = []
  const rows: string[][] = []
  if (reasons.size) {
    const { csv } = JSON.parse(job.input) as { csv: string }
    const parsed = await parseCsv(csv)
    header = parsed.header
    for (const row of parsed.rows) {
      const why = reasons.get(row.line)
      if (!why) continue
      const cells = header.map((_, i) => row.cells[i] ?? '')
      rows.push([...cells, String(row.line), why.join(' ')])
    }
  }
  return { csv: csvDocument([...header, REFUSED_LINE_HEADER, REFUSED_REASON_HEADER], rows), count: rows.length }
}
