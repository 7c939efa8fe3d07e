// A report result as CSV, streamed a chunk of rows at a time so a 1,000-group daily report is
// never one string in memory. Cells go through the product's CSV writer (formula-escaped).
import { csvLine } from '@/lib/text/csv-writer'
import type { ReportResult } from './run-report'

const CHUNK = 500

export function reportCsvStream(result: ReportResult): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let i = -1
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < 0) {
        controller.enqueue(encoder.encode(csvLine(result.columns.map((c) => c.label))))
        i = 0
        return
      }
      if (i >= result.rows.length) return controller.close()
      const lines = result.rows.slice(i, i + CHUNK).map((r) => csvLine(r))
      i += CHUNK
      controller.enqueue(encoder.encode(lines.join('')))
    },
  })
}

/** A file name from the report's name: letters, digits and dashes. */
export function reportCsvFileName(name: string, at: Date): string {
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'report'
  return `${slug}-${at.toISOString().slice(0, 10)}.csv`
}
