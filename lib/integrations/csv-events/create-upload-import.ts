// POST /ajax/integrations/csv-events: checks the file and the mapping at once (400 with field
// errors), stores an EventImport and queues the job that imports it.
import { randomUUID } from 'node:crypto'
import type { EventImport } from '@/generated/prisma/client'
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import { MAX_CSV_BYTES } from '@/lib/imports/import-types'
import { parseCsv } from '@/lib/imports/parse-csv'
import { enqueue } from '@/lib/jobs/queue'
import { checkEventMapping } from './mapping'

export const CSV_EVENTS_JOB = 'integrations.csv-events'

export interface CreateUploadInput {
  fileName?: string
  csv: string
  mapping: unknown
  userId?: number | null
}

export async function createUploadImport(companyId: number, input: CreateUploadInput): Promise<EventImport> {
  if (typeof input.csv !== 'string' || !input.csv.trim())
    throw badRequest('The file is empty.', { csv: ['The file is empty.'] })
  if (Buffer.byteLength(input.csv) > MAX_CSV_BYTES)
    throw badRequest('The file is too large.', { csv: ['The file is larger than 5 MB.'] })
  const { header, rows } = await parseCsv(input.csv)
  if (!rows.length) throw badRequest('The file has no rows.', { csv: ['The file has a header but no rows.'] })
  const mapping = checkEventMapping(input.mapping, header)
  const row = await db.eventImport.create({
    data: {
      id: randomUUID(),
      companyId,
      source: 'upload',
      kind: 'events',
      fileName: (input.fileName || 'upload.csv').slice(0, 255),
      mapping: JSON.stringify(mapping),
      totalRows: rows.length,
      createdById: input.userId ?? null,
    },
  })
  try {
    await enqueue(
      CSV_EVENTS_JOB,
      { companyId, importId: row.id, csv: input.csv },
      { companyId, idempotencyKey: `csv-events:${row.id}` },
    )
  } catch (e) {
    await db.eventImport.delete({ where: { id: row.id } }).catch(() => {})
    throw e
  }
  return row
}
