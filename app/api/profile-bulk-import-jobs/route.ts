import { z } from 'zod'
import { apiRoute } from '@/lib/api/api-route'
import { invalidPointer, pointerBelow } from '@/lib/api/api-error'
import { profileAttributes, profileMeta, toProfileInput } from '@/lib/api/profile-body'
import { serializeImportJob } from '@/lib/api/serialize-import-job'
import { db } from '@/lib/db/client'
import { apiNotFound } from '@/lib/api/api-error'
import { createProfileBulkImport } from '@/lib/imports/create-bulk-import'
import { listImportJobsPage } from '@/lib/api/import-jobs/list-import-jobs-page'

const MAX_PROFILE_BYTES = 100 * 1024

const bulkImportProfilesBody = z.object({
  data: z.object({
    type: z.literal('profile-bulk-import-job'),
    attributes: z.object({
      profiles: z.object({
        data: z
          .array(
            z.object({
              type: z.literal('profile'),
              id: z.string().nullable().optional(),
              attributes: profileAttributes,
              meta: profileMeta.nullable().optional(),
            }),
          )
          .min(1)
          .max(10_000, 'At most 10,000 profiles per job.'),
      }),
    }),
    relationships: z
      .object({
        lists: z
          .object({
            data: z.array(z.object({ type: z.literal('list'), id: z.string().min(1) })).max(1, 'At most one list.'),
          })
          .optional(),
      })
      .optional(),
  }),
})

// "profiles.3.email" (the import's validation) → the body's pointer.
const importPointer = (field: string) => {
  const m = /^profiles\.(\d+)(?:\.(.*))?$/.exec(field)
  if (m?.[2] === 'id') return `/data/attributes/profiles/data/${m[1]}/id`
  if (m) return pointerBelow(`/data/attributes/profiles/data/${m[1]}/attributes`)(m[2] ?? '')
  if (field === 'listIds') return '/data/relationships/lists/data'
  return pointerBelow('/data/attributes')(field)
}

// POST /api/profile-bulk-import-jobs – starts a bulk profile import (202 with the job)
export const POST = apiRoute({
  scopes: ['lists:write', 'profiles:write'],
  rate: 'M',
  body: bulkImportProfilesBody,
  status: 202,
  pointerFor: importPointer,
  handler: async ({ ctx, body }) => {
    const rows = body.data.attributes.profiles.data
    rows.forEach((p, i) => {
      if (Buffer.byteLength(JSON.stringify(p)) > MAX_PROFILE_BYTES) {
        throw invalidPointer(`/data/attributes/profiles/data/${i}`, 'A profile may be at most 100 KB.')
      }
    })
    const listIds = body.data.relationships?.lists?.data.map((l) => l.id) ?? []
    for (const id of listIds) {
      const list = await db.group.findFirst({
        where: { id, companyId: ctx.companyId, type: 0, deletedAt: null },
        select: { id: true },
      })
      if (!list) throw apiNotFound(`A list with id ${id} was not found.`)
    }
    const job = await createProfileBulkImport(ctx.companyId, {
      profiles: rows.map((p) => ({ ...toProfileInput(p.attributes), ...(p.id ? { id: p.id } : {}) })),
      listIds,
    })
    const data = serializeImportJob(ctx.url, job)
    return { data, links: { self: data.links.self } }
  },
})

// GET /api/profile-bulk-import-jobs – the account's bulk import jobs (filter status, sort created_at)
export const GET = apiRoute({
  scopes: ['lists:read', 'profiles:read'],
  rate: 'M',
  handler: ({ ctx }) => listImportJobsPage(ctx.companyId, ctx.url),
})
