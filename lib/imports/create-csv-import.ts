// A CSV upload to a list: checks the list, the header row and the column mapping at once
// (400 with field errors), stores the file with its mapping in an ImportJob and queues
// 'lists.csv-import'. Rows are validated one by one when the job runs.
import type { ImportJob } from '@/generated/prisma/client'
import { db } from '@/lib/db/client'
import { AppError, badRequest, notFound, type FieldErrors } from '@/lib/errors/app-error'
import { ulid } from '@/lib/ids/make-id'
import { enqueue } from '@/lib/jobs/queue'
import {
  CSV_IMPORT_JOB,
  isCsvTarget,
  MAX_CONSENT_SOURCE,
  MAX_CSV_BYTES,
  MAX_CSV_COLUMNS,
  type ImportConsent,
} from './import-types'
import { parseCsv } from './parse-csv'

export interface CreateCsvImportInput {
  listId: string
  csv: string
  mapping: Record<string, string>
  /** The consent of the imported people, as the merchant declares it; left out: consent is not touched. */
  consent?: ImportConsent
  userId?: number
}

export async function createCsvImport(companyId: number, input: CreateCsvImportInput): Promise<ImportJob> {
  const list = await db.group.findFirst({
    where: { id: input.listId, companyId, type: 0, deletedAt: null },
    select: { id: true },
  })
  if (!list) throw notFound('List not found.')
  if (typeof input.csv !== 'string' || !input.csv.trim())
    throw badRequest('The file is empty.', { csv: ['The file is empty.'] })
  if (Buffer.byteLength(input.csv) > MAX_CSV_BYTES)
    throw badRequest('The file is too large.', { csv: ['The file is larger than 5 MB.'] })
  const mapping = input.mapping ?? {}
  const mapped = Object.entries(mapping)
  if (mapped.length > MAX_CSV_COLUMNS) {
    throw badRequest('The file cannot be imported.', {
      mapping: [`At most ${MAX_CSV_COLUMNS.toLocaleString('en-US')} columns can be mapped.`],
    })
  }
  // Parsing yields to the event loop; a header over MAX_CSV_COLUMNS is a 400 on `csv`.
  const { header, rows } = await parseCsv(input.csv)
  const errors: FieldErrors = {}
  if (!header.length || header.every((h) => !h))
    errors.csv = ['The first line must be a header row with the column names.']
  // One pass with a set: the check must stay linear in the number of columns.
  const seen = new Set<string>()
  const dupes = new Set<string>()
  for (const h of header) {
    if (h && seen.has(h)) dupes.add(h)
    seen.add(h)
  }
  if (dupes.size) errors.csv = [`Duplicate column names in the header: ${[...dupes].join(', ')}.`]
  const targets = new Map<string, string>()
  for (const [column, target] of mapped) {
    if (!seen.has(column)) (errors[`mapping.${column}`] ??= []).push('This column is not in the file.')
    else if (!isCsvTarget(target)) (errors[`mapping.${column}`] ??= []).push(`Unknown field "${target}".`)
    else if (target !== 'skip' && targets.has(target))
      (errors[`mapping.${column}`] ??= []).push(`"${target}" is mapped twice.`)
    else targets.set(target, column)
  }
  if (!['email', 'phone_number', 'external_id'].some((t) => targets.has(t))) {
    ;(errors.mapping ??= []).push('Map a column to email, phone_number or external_id.')
  }
  const consent = input.consent
  if (consent?.status === 'subscribed') {
    const source = typeof consent.source === 'string' ? consent.source.trim() : ''
    if (!source) errors['consent.source'] = ['Say where these people subscribed (e.g. “Trade show sign-up sheet”).']
    else if (source.length > MAX_CONSENT_SOURCE)
      errors['consent.source'] = [`At most ${MAX_CONSENT_SOURCE} characters.`]
  }
  if (Object.keys(errors).length) throw new AppError('invalid', 400, 'The file cannot be imported.', errors)
  const storedConsent: ImportConsent | undefined =
    consent?.status === 'subscribed'
      ? { status: 'subscribed', source: consent.source.trim(), ...(consent.sms ? { sms: true } : {}) }
      : consent

  const job = await db.importJob.create({
    data: {
      id: ulid(),
      companyId,
      kind: 'csv',
      status: 'queued',
      totalCount: rows.length,
      listIds: JSON.stringify([list.id]),
      input: JSON.stringify({ csv: input.csv, mapping, ...(storedConsent ? { consent: storedConsent } : {}) }),
      createdById: input.userId ?? null,
    },
  })
  try {
    await enqueue(CSV_IMPORT_JOB, { companyId, importJobId: job.id }, { companyId, idempotencyKey: `import:${job.id}` })
  } catch (e) {
    // No job, no import: never leave a row that says "queued" forever.
    await db.importJob.delete({ where: { id: job.id } }).catch(() => {})
    throw e
  }
  return job
}
