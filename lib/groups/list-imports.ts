// CSV imports into a list: started through the core's createCsvImport (which validates the
// header and mapping and queues the work), listed per list, and read back with progress and
// per-row errors.
import { z } from 'zod'
import type { ImportJob } from '@/generated/prisma/client'
import { notFound } from '@/lib/errors/app-error'
import { createCsvImport } from '@/lib/imports/create-csv-import'
import { getImportJob, listImportJobs } from '@/lib/imports/get-import-job'
import { MAX_CONSENT_SOURCE, MAX_CSV_COLUMNS } from '@/lib/imports/import-types'
import { getGroupRow } from './get-group'
import { LIST } from './group-view'

// Mapping keys are the file's own column names: the route reads this body without the
// snake_case → camelCase key transform.
export const startListImportBody = z.object({
  csv: z
    .string()
    .min(1, 'The file is empty.')
    .max(5 * 1024 * 1024, 'The file is larger than 5 MB.'),
  mapping: z
    .record(z.string().min(1).max(255), z.string().min(1).max(255))
    .refine((m) => Object.keys(m).length > 0, 'Map at least one column.')
    .refine(
      (m) => Object.keys(m).length <= MAX_CSV_COLUMNS,
      `At most ${MAX_CSV_COLUMNS.toLocaleString('en-US')} columns can be mapped.`,
    ),
  // The consent of the imported people: subscribed (with where they subscribed) or not.
  consent: z
    .discriminatedUnion(
      'status',
      [
        z.object({
          status: z.literal('subscribed'),
          source: z
            .string()
            .trim()
            .min(1, 'Say where these people subscribed (e.g. “Trade show sign-up sheet”).')
            .max(MAX_CONSENT_SOURCE, `At most ${MAX_CONSENT_SOURCE} characters.`),
          sms: z.boolean().optional(),
        }),
        z.object({ status: z.literal('not_subscribed') }),
      ],
      { error: 'Choose whether these people are subscribed to email marketing.' },
    )
    .optional(),
})

export interface ImportView {
  id: string
  status: string
  totalCount: number
  completedCount: number
  failedCount: number
  percentComplete: number
  errors: Array<{ line: number; field?: string; message: string; imported?: boolean }>
  createdAt: string
  completedAt: string | null
}

function listIdsOf(job: Omit<ImportJob, 'input'>): string[] {
  try {
    return JSON.parse(job.listIds) as string[]
  } catch {
    return []
  }
}

export function importView(job: Omit<ImportJob, 'input'>, withErrors = true): ImportView {
  const done = job.completedCount + job.failedCount
  let errors: ImportView['errors'] = []
  if (withErrors) {
    try {
      errors = JSON.parse(job.errors)
    } catch {
      /* keep [] */
    }
  }
  return {
    id: job.id,
    status: job.status,
    totalCount: job.totalCount,
    completedCount: job.completedCount,
    failedCount: job.failedCount,
    percentComplete:
      job.status === 'complete' ? 100 : job.totalCount ? Math.min(99, Math.floor((done / job.totalCount) * 100)) : 0,
    errors,
    createdAt: job.createdAt.toISOString(),
    completedAt: job.completedAt?.toISOString() ?? null,
  }
}

export async function startListImport(
  companyId: number,
  listId: string,
  input: unknown,
  userId?: number,
): Promise<ImportView> {
  const body = startListImportBody.parse(input)
  const list = await getGroupRow(companyId, listId, LIST)
  const job = await createCsvImport(companyId, {
    listId: list.id,
    csv: body.csv,
    mapping: body.mapping,
    consent: body.consent,
    userId,
  })
  return importView(job)
}

export async function listListImports(companyId: number, listId: string): Promise<ImportView[]> {
  const list = await getGroupRow(companyId, listId, LIST)
  const jobs = await listImportJobs(companyId, { listId: list.id })
  return jobs.map((j) => importView(j, false))
}

export async function getListImport(companyId: number, listId: string, importId: string): Promise<ImportView> {
  const list = await getGroupRow(companyId, listId, LIST)
  const job = await getImportJob(companyId, importId)
  if (!job || !listIdsOf(job).includes(list.id)) throw notFound('Import not found.')
  return importView(job)
}
