import { z } from 'zod'
import { apiRoute } from '@/lib/api/api-route'
import { profileAttributes, toProfileInput } from '@/lib/api/profile-body'
import { listProfilesPage } from '@/lib/api/profiles/list-profiles'
import { profileDocument } from '@/lib/api/profiles/profile-document'
import { upsertProfile } from '@/lib/profiles/upsert-profile'

const createProfileBody = z.object({
  data: z.object({ type: z.literal('profile'), attributes: profileAttributes }),
})

// GET /api/profiles – profiles with filters, sort, cursor pages and sparse fieldsets
export const GET = apiRoute({
  scopes: ['profiles:read'],
  rate: 'L',
  handler: ({ ctx }) => listProfilesPage(ctx.companyId, ctx.url),
})

// POST /api/profiles – creates a profile (201); an existing identifier is a 409 duplicate
export const POST = apiRoute({
  scopes: ['profiles:write'],
  rate: 'L',
  body: createProfileBody,
  maxBodyBytes: 100 * 1024,
  status: 201,
  handler: async ({ ctx, body }) => {
    const { profile } = await upsertProfile(ctx.companyId, toProfileInput(body.data.attributes), {
      mode: 'create',
      source: 'api',
    })
    return profileDocument(ctx.companyId, ctx.url, profile)
  },
})
