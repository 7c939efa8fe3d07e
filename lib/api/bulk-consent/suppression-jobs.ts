// The vendor's bulk suppression jobs on /api (profile-suppression-bulk-create-jobs and
// -delete-jobs): the request body, the job resource, and the job listing with its filters
// (status, list_id, segment_id: equals), sort (created, -created) and cursor pages.
import { z } from 'zod'
import type { ProfileBulkConsentJob } from '@/generated/prisma/client'
import { db } from '@/lib/db/client'
import { decodeCursor, nextLink } from '../cursor'
import { apiDate, apiLink, pickFields } from '../json-api'
import { keysetOrder, keysetWhere, pageOf } from '../keyset'
import { invalidPointer } from '../api-error'
import { filterParam, sortParam, sparseFields, stringValues } from '../query-params'
import type { BulkKind } from '@/lib/messaging/unsubscribe/bulk-jobs'

export const MAX_SUPPRESSION_PROFILES = 100
export const JOB_FIELDS = [
  'completed_at',
  'completed_count',
  'created_at',
  'id',
  'skipped_count',
  'status',
  'total_count',
] as const
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

const relationship = (type: 'list' | 'segment') =>
  z.object({ data: z.object({ type: z.literal(type), id: z.string().min(1) }) })

export const suppressionJobBody = (
  type: 'profile-suppression-bulk-create-job' | 'profile-suppression-bulk-delete-job',
) =>
  z.object({
    data: z.object({
      type: z.literal(type),
      attributes: z.object({
        profiles: z
          .object({
            data: z
              .array(
                z.object({
                  type: z.literal('profile'),
                  attributes: z.object({
                    email: z.string().trim().regex(EMAIL, 'A valid email address is required.').max(254),
                  }),
                }),
              )
              .max(MAX_SUPPRESSION_PROFILES, `At most ${MAX_SUPPRESSION_PROFILES} email addresses per request.`),
          })
          .nullable()
          .optional(),
      }),
      relationships: z
        .object({ list: relationship('list').optional(), segment: relationship('segment').optional() })
        .optional(),
    }),
  })

type Body = z.infer<ReturnType<typeof suppressionJobBody>>

export function suppressionJobInput(body: Body) {
  const emails = body.data.attributes.profiles?.data.map((p) => p.attributes.email.toLowerCase()) ?? []
  const listId = body.data.relationships?.list?.data.id ?? null
  const segmentId = body.data.relationships?.segment?.data.id ?? null
  if (!emails.length && !listId && !segmentId) {
    throw invalidPointer('/data/attributes/profiles', 'Give profiles by email, or a list or segment relationship.')
  }
  if (emails.length && (listId || segmentId)) {
    throw invalidPointer('/data/relationships', 'Give either profiles or a list or segment, not both.')
  }
  return { entries: [...new Set(emails)].map((email) => ({ email })), listId, segmentId }
}

export const JOB_TYPE: Record<'suppression_create' | 'suppression_delete', string> = {
  suppression_create: 'profile-suppression-bulk-create-job',
  suppression_delete: 'profile-suppression-bulk-delete-job',
}
const PATH: Record<string, string> = {
  suppression_create: 'profile-suppression-bulk-create-jobs',
  suppression_delete: 'profile-suppression-bulk-delete-jobs',
}

export function serializeSuppressionJob(url: URL, j: ProfileBulkConsentJob, fields: Set<string> | null = null) {
  const base = `/${PATH[j.kind]}/${j.id}`
  return {
    type: JOB_TYPE[j.kind as 'suppression_create'],
    id: j.id,
    attributes: pickFields(
      {
        status: j.status,
        created_at: apiDate(j.createdAt),
        total_count: j.totalCount,
        completed_count: j.completedCount,
        completed_at: apiDate(j.completedAt),
        skipped_count: j.skippedCount,
      },
      fields,
    ),
    relationships: {
      lists: {
        data: j.listId ? [{ type: 'list', id: j.listId }] : [],
        links: { self: apiLink(url, `${base}/relationships/lists/`), related: apiLink(url, `${base}/lists/`) },
      },
      segments: {
        data: j.segmentId ? [{ type: 'segment', id: j.segmentId }] : [],
        links: { self: apiLink(url, `${base}/relationships/segments/`), related: apiLink(url, `${base}/segments/`) },
      },
    },
    links: { self: apiLink(url, `${base}/`) },
  }
}

const FILTERS = { status: ['equals'], list_id: ['equals'], segment_id: ['equals'] } as const
const COLUMN: Record<string, string> = { status: 'status', list_id: 'listId', segment_id: 'segmentId' }
const PAGE_SIZE = 20

export async function listSuppressionJobs(
  companyId: number,
  url: URL,
  kind: Extract<BulkKind, 'suppression_create' | 'suppression_delete'>,
) {
  const fields = sparseFields(url, JOB_TYPE[kind], JOB_FIELDS)
  const sort = sortParam(url, ['created', '-created'] as const, 'created')
  const and: Record<string, unknown>[] = [{ companyId, kind }]
  for (const c of filterParam(url, FILTERS)) and.push({ [COLUMN[c.field]!]: stringValues(c.value, c.field)[0] })
  const after = keysetWhere('createdAt', sort.desc, decodeCursor(url.searchParams.get('page[cursor]')), 'date')
  if (after) and.push(after)
  const rows = await db.profileBulkConsentJob.findMany({
    where: { AND: and },
    orderBy: keysetOrder('createdAt', sort.desc),
    take: PAGE_SIZE + 1,
  })
  const { page, next } = pageOf(rows, PAGE_SIZE, 'createdAt', (j) => j.createdAt)
  return {
    data: page.map((j) => serializeSuppressionJob(url, j, fields)),
    links: { self: url.toString(), next: next ? nextLink(url, next) : null, prev: null },
  }
}

export async function getSuppressionJob(companyId: number, kind: BulkKind, id: string) {
  return db.profileBulkConsentJob.findFirst({ where: { companyId, kind, id } })
}
