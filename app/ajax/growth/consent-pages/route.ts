import { ajax, z } from '@/lib/http/ajax'
import { CONSENT_PAGE_KINDS, consentPageContent } from '@/lib/hosted-pages/consent-page-content'
import { getConsentPages, saveConsentPage } from '@/lib/hosted-pages/consent-page-store'

const scope = z.string().trim().min(1).max(64)

// GET /ajax/growth/consent-pages?scope=default|{listId} – the six hosted pages of one scope
export const GET = ajax({
  resources: ['growth_tools_read'],
  query: z.object({ scope: scope.default('default') }),
  handler: async ({ ctx, query }) => ({
    scope: query.scope,
    pages: await getConsentPages(ctx.principal.companyId, query.scope),
  }),
})

// PUT /ajax/growth/consent-pages – saves one page ({scope, kind, content})
export const PUT = ajax({
  resources: ['growth_tools_read', 'forms_write'],
  body: z.object({ scope, kind: z.enum(CONSENT_PAGE_KINDS), content: consentPageContent }).strict(),
  handler: async ({ ctx, body }) => ({
    content: await saveConsentPage(ctx.principal.companyId, body.scope, body.kind, body.content),
  }),
})
