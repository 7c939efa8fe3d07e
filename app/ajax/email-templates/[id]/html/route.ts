import { ajax } from '@/lib/http/ajax'
import { getTemplateOrThrow } from '@/lib/templates/store/save-template'

// GET /ajax/email-templates/[id]/html – the compiled HTML (template tags not yet rendered), as text/html
export const GET = ajax({
  resources: ['templates_read'],
  handler: async ({ ctx, params }) => {
    const t = await getTemplateOrThrow(ctx.principal.companyId, params.id!)
    return new Response(t.compiledHtml, {
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': "default-src 'none'; img-src * data:; style-src 'unsafe-inline'; sandbox",
        'x-content-type-options': 'nosniff',
      },
    })
  },
})
