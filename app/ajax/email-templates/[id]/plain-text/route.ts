import { ajax } from '@/lib/http/ajax'
import { htmlToPlainText } from '@/lib/templates/html-to-plain-text'
import { plainTextBody } from '@/lib/templates/store/ajax-bodies'
import { getTemplateOrThrow } from '@/lib/templates/store/save-template'

// POST /ajax/email-templates/[id]/plain-text – a plain-text part generated from the HTML (not saved)
export const POST = ajax({
  resources: ['templates_read'],
  body: plainTextBody,
  handler: async ({ ctx, params, body }) => {
    const t = await getTemplateOrThrow(ctx.principal.companyId, params.id!)
    return { text: htmlToPlainText(body.html ?? t.compiledHtml) }
  },
})
