import { z } from 'zod'
import { ajax } from '@/lib/http/ajax'
import { revokeApiKey } from '@/lib/api-keys/revoke-api-key'

const deleteApiKeyBody = z.object({ id: z.coerce.number().int().positive() })

// POST /ajax/account/api-key/delete – revokes a private API key of the account
export const POST = ajax({
  resources: ['api_keys_write'],
  body: deleteApiKeyBody,
  handler: async ({ ctx, body }) => {
    await revokeApiKey(ctx.principal.companyId, body.id)
    return { success: true }
  },
})
