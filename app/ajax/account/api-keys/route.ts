import { ajax } from '@/lib/http/ajax'
import { listApiKeys } from '@/lib/api-keys/list-api-keys'

// GET /ajax/account/api-keys – the account's private API keys (label, prefix, scopes, dates)
export const GET = ajax({
  resources: ['api_keys_read'],
  handler: async ({ ctx }) => ({ apiKeys: await listApiKeys(ctx.principal.companyId) }),
})

export type ListApiKeysResponse = { apiKeys: Awaited<ReturnType<typeof listApiKeys>> }
