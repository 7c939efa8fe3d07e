import { z } from 'zod'
import { ajax } from '@/lib/http/ajax'
import { AppError } from '@/lib/errors/app-error'
import { checkAuthorizeRequest } from '@/lib/oauth/authorize-request'
import { decideAuthorization } from '@/lib/oauth/issue-code'
import { grantableAccounts } from '@/lib/oauth/grant-accounts'

const params = z.object({
  client_id: z.string().max(200).optional(),
  redirect_uri: z.string().max(2000).optional(),
  response_type: z.string().max(50).optional(),
  scope: z.string().max(2000).optional(),
  state: z.string().max(2000).optional(),
  code_challenge: z.string().max(200).optional(),
  code_challenge_method: z.string().max(20).optional(),
})

// GET /ajax/oauth/authorize – what the consent screen shows: the app, its developer, the scopes, the accounts
export const GET = ajax({
  query: params,
  handler: async ({ ctx, query }) => {
    const check = await checkAuthorizeRequest(query)
    if (!check.ok) return 'show' in check ? { error: check.show } : { redirect: check.redirect }
    const r = check.request
    return {
      app: { id: r.app.id, name: r.app.name, developer: r.app.companyName, published: r.app.published },
      scopes: r.scopes,
      redirectUri: r.redirectUri,
      accounts: await grantableAccounts(ctx.principal.userId),
      currentCompanyId: ctx.principal.companyId,
    }
  },
})

// POST /ajax/oauth/authorize – the merchant approves or denies; answers where to send the browser.
// The authorize parameters travel as the page's query string, untouched (the ajax body's keys
// are camel-cased, and the RFC's names are snake_case).
export const POST = ajax({
  body: z.object({
    query: z.string().max(8000),
    approve: z.boolean(),
    companyId: z.number().int().positive().optional(),
  }),
  handler: async ({ ctx, body }) => {
    const companyId = body.companyId ?? ctx.principal.companyId
    if (body.approve && !(await grantableAccounts(ctx.principal.userId)).some((a) => a.id === companyId)) {
      throw new AppError('permission_denied', 403, 'You cannot connect apps to this account.')
    }
    const out = await decideAuthorization(
      params.parse(Object.fromEntries(new URLSearchParams(body.query))),
      { companyId, userId: ctx.principal.userId },
      body.approve,
    )
    if ('show' in out) throw new AppError('invalid', 400, out.show)
    return out
  },
})
