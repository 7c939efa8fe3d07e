import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { sparseFields } from '@/lib/api/query-params'
import { ACCOUNT_FIELDS, loadAccount, serializeAccount } from '@/lib/api/accounts/serialize-account'

// GET /api/accounts/{id} – the key's own account by its id (the public key); any other id is not found
export const GET = apiRoute({
  scopes: ['accounts:read'],
  rate: 'XS',
  handler: async ({ ctx, params }) => {
    const account = await loadAccount(ctx.companyId)
    if (account.company.publicApiKey !== params.id) throw apiNotFound(`An account with id ${params.id} was not found.`)
    const data = serializeAccount(ctx.url, account, sparseFields(ctx.url, 'account', ACCOUNT_FIELDS))
    return { data, links: { self: data.links.self } }
  },
})
