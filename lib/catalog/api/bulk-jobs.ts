// Catalog bulk jobs: /api/catalog-{item|variant|category}-bulk-{create|update|delete}-jobs.
// POST stores the entries (≤ 100, body ≤ 5 MB, ≤ 500 queued or processing jobs per account)
// with the job row and enqueues CATALOG_BULK_JOB in the same transaction → 202. The worker
// applies every entry in one transaction (set-based, lib/catalog/store/): the good entries
// are applied, each bad one is reported in errors[] with its index in source.pointer, and the
// counts and status 'complete' are written in that same transaction, so a retried job (a worker
// that died) either finds it complete and does nothing, or applies it whole.
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { exec, inWriteTx, read, select, selectFirst, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { toDate } from '@/lib/db/dialect'
import { ulid } from '@/lib/ids/make-id'
import { enqueueJobOps } from '@/lib/jobs/enqueue-job-ops'
import { wakeWorkers } from '@/lib/jobs/queue'
import { ApiError, TITLES, apiNotFound, invalidParam } from '@/lib/api/api-error'
import { apiDate, apiLink, pickFields } from '@/lib/api/json-api'
import { decodeCursor, encodeCursor, nextLink } from '@/lib/api/cursor'
import { filterParam, sparseFields, stringValues } from '@/lib/api/query-params'
import { prepareCatalogWrite } from '@/lib/catalog/store/run-write'
import { CATALOG_CHANGES_JOB } from '@/lib/catalog/store/types'
import { applyEntriesOps, TYPE_OF, type Action, type Resource } from './apply'

export const CATALOG_BULK_JOB = 'catalog.bulk'
export const MAX_BULK_ENTRIES = 100
export const MAX_RUNNING_BULK_JOBS = 500
const EXPIRES_AFTER_MS = 7 * 24 * 3600 * 1000

export const COLLECTION_KEY: Record<Resource, 'items' | 'variants' | 'categories'> = {
  item: 'items',
  variant: 'variants',
  category: 'categories',
}
export const jobType = (r: Resource, a: Action) => `catalog-${r}-bulk-${a}-job`
export const jobPath = (r: Resource, a: Action) => `/${jobType(r, a)}s`
const JOB_FIELDS = [
  'status',
  'created_at',
  'total_count',
  'completed_count',
  'failed_count',
  'completed_at',
  'expires_at',
  'errors',
] as const

/** The POST body: {data:{type, attributes:{items|variants|categories:{data:[…]}}}} (entries checked one by one later). */
export function bulkBody(r: Resource, a: Action) {
  const key = COLLECTION_KEY[r]
  return z.object({
    data: z.object({
      type: z.literal(jobType(r, a)),
      attributes: z.object({
        [key]: z.object({
          data: z
            .array(z.unknown())
            .min(1, 'At least one entry is required.')
            .max(MAX_BULK_ENTRIES, `At most ${MAX_BULK_ENTRIES} entries per job.`),
        }),
      }),
    }),
  })
}

type JobRow = {
  id: string
  companyId: number
  resource: Resource
  action: Action
  status: string
  payload: string
  totalCount: number
  completedCount: number
  failedCount: number
  errors: string
  createdAt: Date
  completedAt: Date | null
  expiresAt: Date | null
}
const toJob = (r: Record<string, unknown>): JobRow => ({
  id: String(r.id),
  companyId: Number(r.companyId),
  resource: r.resource as Resource,
  action: r.action as Action,
  status: String(r.status),
  payload: String(r.payload ?? '[]'),
  totalCount: Number(r.totalCount),
  completedCount: Number(r.completedCount),
  failedCount: Number(r.failedCount),
  errors: String(r.errors ?? '[]'),
  createdAt: toDate(r.createdAt)!,
  completedAt: toDate(r.completedAt),
  expiresAt: toDate(r.expiresAt),
})

/** Creates the job (queued) and enqueues its processing; returns the job. */
export async function createBulkJob(
  companyId: number,
  resource: Resource,
  action: Action,
  entries: unknown[],
  now = new Date(),
): Promise<JobRow> {
  await prepareCatalogWrite()
  const id = ulid(now.getTime())
  // The row as written (not read back: its payload is up to 5 MB).
  const job: JobRow = {
    id,
    companyId,
    resource,
    action,
    status: 'queued',
    payload: JSON.stringify(entries),
    totalCount: entries.length,
    completedCount: 0,
    failedCount: 0,
    errors: '[]',
    createdAt: now,
    completedAt: null,
    expiresAt: null,
  }
  await inWriteTx(function* () {
    const running = yield* selectFirst(
      kysely()
        .selectFrom('CatalogBulkJob')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('companyId', '=', companyId)
        .where('status', 'in', ['queued', 'processing']),
    )
    if (Number(running?.n ?? 0) >= MAX_RUNNING_BULK_JOBS) {
      throw new ApiError(
        429,
        'throttled',
        `At most ${MAX_RUNNING_BULK_JOBS} catalog bulk jobs may be queued or processing at once; wait for some to complete.`,
      )
    }
    yield* exec(kysely().insertInto('CatalogBulkJob').values(job))
    yield* enqueueJobOps(
      CATALOG_BULK_JOB,
      { jobId: id, companyId },
      { companyId, maxAttempts: 10, idempotencyKey: `${CATALOG_BULK_JOB}:${id}` },
      now,
    )
  })
  wakeWorkers(CATALOG_BULK_JOB)
  return job
}

/** The worker: applies a job's entries (idempotent: a completed job is left alone). */
export async function processBulkJob(jobId: string, now = new Date()): Promise<void> {
  await prepareCatalogWrite()
  // Visible progress: queued → processing (its own small transaction).
  await inWriteTx(() =>
    exec(
      kysely()
        .updateTable('CatalogBulkJob')
        .set({ status: 'processing' })
        .where('id', '=', jobId)
        .where('status', '=', 'queued'),
    ),
  )
  await inWriteTx(() => processBulkJobOps(jobId, now))
  wakeWorkers(CATALOG_CHANGES_JOB)
}

export function* processBulkJobOps(jobId: string, now: Date): Ops<void> {
  const raw = yield* selectFirst(kysely().selectFrom('CatalogBulkJob').selectAll().where('id', '=', jobId))
  if (!raw) return
  const job = toJob(raw as Record<string, unknown>)
  if (job.status === 'complete' || job.status === 'cancelled') return
  let entries: unknown[]
  try {
    entries = JSON.parse(job.payload) as unknown[]
  } catch {
    entries = []
  }
  const results = yield* applyEntriesOps(job.companyId, job.resource, job.action, entries, now)
  const key = COLLECTION_KEY[job.resource]
  const errors: unknown[] = []
  const ids: string[] = []
  results.forEach((r, i) => {
    if (r.ok) {
      ids.push(r.id)
      return
    }
    for (const e of r.errors) {
      errors.push({
        id: randomUUID(),
        code: e.code,
        title: TITLES[e.status] ?? 'Error.',
        detail: `Entry ${i}: ${e.detail}`,
        source: { pointer: `/data/attributes/${key}/data/${i}${e.pointer}` },
      })
    }
  })
  const failed = results.filter((r) => !r.ok).length
  yield* exec(
    kysely()
      .updateTable('CatalogBulkJob')
      .set({
        status: 'complete',
        completedCount: results.length - failed,
        failedCount: failed,
        errors: JSON.stringify(errors),
        payload: JSON.stringify(ids),
        completedAt: now,
        expiresAt: new Date(now.getTime() + EXPIRES_AFTER_MS),
      })
      .where('id', '=', jobId),
  )
}

export function serializeBulkJob(url: URL, job: JobRow, fields: Set<string> | null = null) {
  const type = jobType(job.resource, job.action)
  const data: Record<string, unknown> = {
    type,
    id: job.id,
    attributes: pickFields(
      {
        status: job.status,
        created_at: apiDate(job.createdAt),
        total_count: job.totalCount,
        completed_count: job.completedCount,
        failed_count: job.failedCount,
        completed_at: apiDate(job.completedAt),
        expires_at: apiDate(job.expiresAt),
        errors: JSON.parse(job.errors) as unknown[],
      },
      fields,
    ),
    links: { self: apiLink(url, `${jobPath(job.resource, job.action)}/${job.id}/`) },
  }
  if (job.action === 'create') {
    const done = job.status === 'complete' ? (JSON.parse(job.payload) as string[]) : []
    data.relationships = {
      [COLLECTION_KEY[job.resource]]: {
        data: done.map((id) => ({ type: TYPE_OF[job.resource], id })),
        links: {
          self: apiLink(
            url,
            `${jobPath(job.resource, job.action)}/${job.id}/relationships/${COLLECTION_KEY[job.resource]}/`,
          ),
          related: apiLink(url, `${jobPath(job.resource, job.action)}/${job.id}/${COLLECTION_KEY[job.resource]}/`),
        },
      },
    }
  }
  return data
}

export async function getBulkJob(companyId: number, resource: Resource, action: Action, id: string): Promise<JobRow> {
  const raw = await read(
    selectFirst(
      kysely()
        .selectFrom('CatalogBulkJob')
        .selectAll()
        .where('id', '=', id)
        .where('companyId', '=', companyId)
        .where('resource', '=', resource)
        .where('action', '=', action),
    ),
  )
  if (!raw) throw apiNotFound(`A ${jobType(resource, action)} with id ${id} was not found.`)
  return toJob(raw as Record<string, unknown>)
}

/** GET the job list: filter status equals; newest first would not match the SDK's paging, so created ascending. */
export async function listBulkJobsDocument(companyId: number, url: URL, resource: Resource, action: Action) {
  const fields = sparseFields(url, jobType(resource, action), JOB_FIELDS)
  const conds = filterParam(url, { status: ['equals'] })
  const cursor = decodeCursor(url.searchParams.get('page[cursor]'))
  const size = 100
  const rows = await read(
    (function* () {
      let q = kysely()
        .selectFrom('CatalogBulkJob')
        .selectAll()
        .where('companyId', '=', companyId)
        .where('resource', '=', resource)
        .where('action', '=', action)
      for (const c of conds) {
        const [s] = stringValues(c.value, 'status')
        if (!['cancelled', 'complete', 'processing', 'queued'].includes(s!))
          throw invalidParam('filter', 'status must be one of cancelled, complete, processing, queued.')
        q = q.where('status', '=', s!)
      }
      if (cursor) {
        if (typeof cursor[1] !== 'string')
          throw invalidParam('page[cursor]', 'The page cursor is not valid for this listing.')
        q = q.where('id', '>', cursor[1])
      }
      return yield* select(q.orderBy('id').limit(size + 1))
    })(),
  )
  const more = rows.length > size
  const page = (more ? rows.slice(0, size) : rows).map((r) => toJob(r as Record<string, unknown>))
  const next = more ? encodeCursor([null, page[page.length - 1]!.id]) : null
  return {
    data: page.map((j) => serializeBulkJob(url, j, fields)),
    links: { self: url.toString(), next: next ? nextLink(url, next) : null, prev: null },
  }
}
