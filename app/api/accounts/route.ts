import { apiRoute } from '@/lib/api/api-route'
import { sparseFields } from '@/lib/api/query-params'
import { ACCOUNT_FIELDS, loadAccount, serializeAccount } from '@/lib/api/accounts/serialize-account'

// GET /api/accounts – the account of the API key (a page of one, as the vendor answers)
export const GET = apiRoute({
  scopes: ['accounts:read'],
  rate: 'XS',
  handler: async ({ ctx }) => {
    const data = serializeAccount(
      ctx.url,
      await loadAccount(ctx.companyId),
      sparseFields(ctx.url, 'account', ACCOUNT_FIELDS),
    )
    return { data: [data], links: { self: ctx.url.toString(), next: null, prev: null } }
  },
})
