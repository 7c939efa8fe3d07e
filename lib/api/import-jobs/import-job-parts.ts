// The parts of a bulk import job that /api/profile-bulk-import-jobs/{id}/… answers: its lists,
// the profiles its rows became and its errors. The job keeps its input rather than the ids it
// wrote, so the profiles are found again by each accepted row's id or identifiers.
import type { ImportJob } from '@/generated/prisma/client'
import { db } from '@/lib/db/client'
import { importErrors } from '@/lib/imports/get-import-job'
import { getImportJob } from '@/lib/imports/get-import-job'
import type { ImportError } from '@/lib/imports/import-types'
import { apiNotFound } from '../api-error'
import { decodeCursor, encodeCursor, nextLink } from '../cursor'
import { invalidParam } from '../api-error'
import { pageSize } from '../query-params'
import { snakeizeKeys } from '@/lib/text/keys'

export async function requireBulkImportJob(companyId: number, id: string): Promise<ImportJob> {
  const job = await getImportJob(companyId, id)
  if (!job || job.kind !== 'api_bulk') throw apiNotFound(`A bulk import job with id ${id} was not found.`)
  return job
}

export function jobListIds(job: ImportJob): string[] {
  try {
    const v: unknown = JSON.parse(job.listIds)
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
  } catch {
    return []
  }
}

type Row = { id?: string; email?: string | null; phoneNumber?: string | null; externalId?: string | null }

function jobRows(job: ImportJob): Row[] {
  try {
    const v: unknown = JSON.parse(job.input)
    return Array.isArray(v) ? (v as Row[]) : []
  } catch {
    return []
  }
}

/** The profiles written by the job's accepted rows, in row order, each once. */
export async function jobProfileIds(job: ImportJob): Promise<string[]> {
  const refused = new Set(
    importErrors(job)
      .filter((e) => !e.imported)
      .map((e) => e.line),
  )
  const rows = jobRows(job).filter((_, i) => !refused.has(i + 1))
  const pick = (k: keyof Row) => [
    ...new Set(rows.map((r) => r[k]).filter((v): v is string => typeof v === 'string' && v !== '')),
  ]
  const [ids, emails, phones, externals] = [pick('id'), pick('email'), pick('phoneNumber'), pick('externalId')]
  if (!rows.length) return []
  const found = await db.profile.findMany({
    where: {
      companyId: job.companyId,
      OR: [
        { id: { in: ids } },
        { email: { in: emails } },
        { phoneNumber: { in: phones } },
        { externalId: { in: externals } },
      ],
    },
    select: { id: true, email: true, phoneNumber: true, externalId: true },
  })
  const by = (k: 'id' | 'email' | 'phoneNumber' | 'externalId') =>
    new Map(found.filter((p) => p[k] != null).map((p) => [p[k] as string, p.id]))
  const [byId, byEmail, byPhone, byExternal] = [by('id'), by('email'), by('phoneNumber'), by('externalId')]
  const out = new Set<string>()
  for (const r of rows) {
    // The import resolves a row in this order too: its id, then email, phone, external id.
    const id =
      (r.id && byId.get(r.id)) ||
      (r.email && byEmail.get(r.email)) ||
      (r.phoneNumber && byPhone.get(r.phoneNumber)) ||
      (r.externalId && byExternal.get(r.externalId))
    if (id) out.add(id)
  }
  return [...out]
}

/** One page of an in-memory sequence; the cursor is the position after the page. */
export function pageByPosition<T>(
  items: T[],
  url: URL,
): { page: T[]; links: { self: string; next: string | null; prev: null } } {
  const size = pageSize(url, { def: 20, max: 100 })
  const cursor = decodeCursor(url.searchParams.get('page[cursor]'))
  const start = cursor ? cursor[1] : 0
  if (typeof start !== 'number' || !Number.isSafeInteger(start) || start < 0)
    throw invalidParam('page[cursor]', 'The page cursor is not valid for this listing.')
  const page = items.slice(start, start + size)
  const next = start + size < items.length ? nextLink(url, encodeCursor([null, start + size])) : null
  return { page, links: { self: url.toString(), next, prev: null } }
}

export const IMPORT_ERROR_FIELDS = [
  'code',
  'title',
  'detail',
  'source',
  'source.pointer',
  'original_payload',
  'id',
] as const

// The row as the caller sent it: stored as our profile input, shown in the vendor's field names
// (custom property names are the caller's own and stay as they are).
function vendorRow(row: Row): Record<string, unknown> {
  const { properties, ...rest } = row as Row & { properties?: unknown }
  return { ...snakeizeKeys<Record<string, unknown>>(rest), ...(properties !== undefined ? { properties } : {}) }
}

/** An error as the vendor's import-error resource; pointers name the row and field in the job's body. */
export function importErrorResource(job: ImportJob, e: ImportError, index: number) {
  const row = jobRows(job)[e.line - 1]
  const base = `/data/attributes/profiles/data/${e.line - 1}`
  const pointer = e.field ? `${base}/${e.field === 'id' ? 'id' : `attributes/${e.field.split('.').join('/')}`}` : base
  return {
    type: 'import-error' as const,
    id: `${job.id}-${index + 1}`,
    attributes: {
      code: e.imported ? 'ignored' : 'invalid',
      title: e.imported ? 'Field ignored.' : 'Invalid input.',
      detail: e.message,
      source: { pointer },
      original_payload: row ? vendorRow(row) : null,
    },
  }
}
