import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { enumList, sparseFields } from '@/lib/api/query-params'
import { deletePushToken, getPushToken } from '@/lib/messaging/push/push-tokens'
import { PUSH_TOKEN_FIELDS, serializePushToken } from '@/lib/messaging/push/serialize-push-token'
import { includedProfiles } from '@/lib/messaging/push/list-push-tokens-page'

// GET /api/push-tokens/{id} – one push token (include=profile)
export const GET = apiRoute({
  scopes: ['profiles:read', 'push-tokens:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const t = await getPushToken(ctx.companyId, params.id!)
    if (!t) throw apiNotFound(`A push token with id ${params.id} was not found.`)
    const include = enumList(ctx.url, 'include', ['profile'] as const)
    const data = serializePushToken(ctx.url, t, sparseFields(ctx.url, 'push-token', PUSH_TOKEN_FIELDS))
    return {
      data,
      links: { self: data.links.self },
      ...(include.includes('profile')
        ? { included: await includedProfiles(ctx.companyId, ctx.url, [t.profileId]) }
        : {}),
    }
  },
})

// DELETE /api/push-tokens/{id} – deletes a push token (204)
export const DELETE = apiRoute({
  scopes: ['push-tokens:write'],
  rate: 'S',
  status: 204,
  handler: async ({ ctx, params }) => {
    if (!(await deletePushToken(ctx.companyId, params.id!)))
      throw apiNotFound(`A push token with id ${params.id} was not found.`)
  },
})
