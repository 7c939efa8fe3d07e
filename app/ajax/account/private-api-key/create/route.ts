import { ajax } from '@/lib/http/ajax'
import { createApiKey, createApiKeyBody } from '@/lib/api-keys/create-api-key'
import { summarizeApiKey } from '@/lib/api-keys/list-api-keys'

// POST /ajax/account/private-api-key/create – creates a key; the raw pk_ key is answered once
export const POST = ajax({
  resources: ['api_keys_write'],
  body: createApiKeyBody,
  status: 201,
  handler: async ({ ctx, body }) => {
    const { key, record } = await createApiKey(ctx.principal.companyId, { ...body, createdById: ctx.principal.userId })
    return { key, apiKey: summarizeApiKey(record, ctx.principal.user) }
  },
})
