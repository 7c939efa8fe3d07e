import { z } from 'zod'
import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound, invalidPointer } from '@/lib/api/api-error'
import { apiLink } from '@/lib/api/json-api'
import { sparseFields } from '@/lib/api/query-params'
import { PROFILE_FIELDS } from '@/lib/api/serialize-profile'
import { db } from '@/lib/db/client'
import { mergeProfiles } from '@/lib/profiles/merge-profiles'

const mergeProfilesBody = z.object({
  data: z.object({
    type: z.literal('profile-merge'),
    id: z.string().min(1).max(64),
    relationships: z.object({
      profiles: z.object({
        data: z
          .array(z.object({ type: z.literal('profile'), id: z.string().min(1).max(64) }))
          .min(1, 'Name the profile to merge.')
          .max(1, 'Only one source profile can be merged per call.'),
      }),
    }),
  }),
})

// POST /api/profile-merge – merges the related (source) profile into the profile of data.id and deletes the source
export const POST = apiRoute({
  scopes: ['profiles:write'],
  rate: 'M',
  body: mergeProfilesBody,
  status: 201,
  handler: async ({ ctx, body }) => {
    sparseFields(ctx.url, 'profile', PROFILE_FIELDS)
    const into = body.data.id
    const from = body.data.relationships.profiles.data[0]!.id
    if (from === into)
      throw invalidPointer('/data/relationships/profiles/data/0/id', 'A profile cannot be merged into itself.')
    const found = await db.profile.findMany({
      where: { companyId: ctx.companyId, id: { in: [from, into] } },
      select: { id: true },
    })
    for (const id of [into, from])
      if (!found.some((p) => p.id === id)) throw apiNotFound(`A profile with id ${id} was not found.`)
    // Done at once rather than queued: the vendor's caller only learns the destination id either way.
    await mergeProfiles(ctx.companyId, from, into, { keepInto: true })
    const self = apiLink(ctx.url, `/profiles/${into}/`)
    return { data: { type: 'profile', id: into, links: { self } }, links: { self } }
  },
})
