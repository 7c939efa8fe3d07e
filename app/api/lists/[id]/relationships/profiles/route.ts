import { z } from 'zod'
import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { db } from '@/lib/db/client'
import { findGroupRow } from '@/lib/groups/get-group'
import { LIST } from '@/lib/groups/group-view'
import { addProfilesToList, removeProfilesFromList } from '@/lib/groups/list-membership'
import { memberIdsPage } from '@/lib/api/groups/member-ids-page'

const listProfilesRelationshipBody = z.object({
  data: z
    .array(z.object({ type: z.literal('profile'), id: z.string().min(1).max(64) }))
    .min(1)
    .max(1000, 'At most 1000 profiles per call.'),
})

/** The list and every profile must belong to the account; anything else is not found. */
async function checked(companyId: number, listId: string, ids: string[]) {
  const g = await findGroupRow(companyId, listId)
  if (!g || g.type !== LIST) throw apiNotFound(`A list with id ${listId} was not found.`)
  const unique = [...new Set(ids)]
  const found = await db.profile.count({ where: { companyId, id: { in: unique } } })
  if (found !== unique.length) throw apiNotFound('One or more profiles were not found.')
  return unique
}

// GET /api/lists/{id}/relationships/profiles – the ids of a list's current members
export const GET = apiRoute({
  scopes: ['lists:read', 'profiles:read'],
  rate: 'L',
  handler: ({ ctx, params }) => memberIdsPage(ctx.companyId, ctx.url, params.id!, LIST),
})

// POST /api/lists/{id}/relationships/profiles – adds profiles to a list (204)
export const POST = apiRoute({
  scopes: ['lists:write', 'profiles:write'],
  rate: 'M',
  body: listProfilesRelationshipBody,
  status: 204,
  handler: async ({ ctx, body, params }) => {
    const ids = await checked(
      ctx.companyId,
      params.id!,
      body.data.map((d) => d.id),
    )
    await addProfilesToList(ctx.companyId, params.id!, ids, 'api')
  },
})

// DELETE /api/lists/{id}/relationships/profiles – removes profiles from a list (204)
export const DELETE = apiRoute({
  scopes: ['lists:write', 'profiles:write'],
  rate: 'M',
  body: listProfilesRelationshipBody,
  status: 204,
  handler: async ({ ctx, body, params }) => {
    const ids = await checked(
      ctx.companyId,
      params.id!,
      body.data.map((d) => d.id),
    )
    await removeProfilesFromList(ctx.companyId, params.id!, ids)
  },
})
