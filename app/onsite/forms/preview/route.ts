import { apiNotFound } from '@/lib/api/api-error'
import { clientPreflight, clientRoute } from '@/lib/api/api-route'
import { loadPreviewForm } from '@/lib/onsite/forms/load-preview-form'

// GET /onsite/forms/preview?company_id=&token= – the one form version a test/live token names
export const GET = clientRoute({
  rate: 'L',
  handler: async ({ ctx }) => {
    const form = await loadPreviewForm(ctx.companyId, ctx.url.searchParams.get('token'))
    if (!form) throw apiNotFound('The preview link is invalid or has expired.')
    return new Response(JSON.stringify({ form }), {
      headers: { 'content-type': 'application/json', 'cache-control': 'private, no-store' },
    })
  },
})

export const OPTIONS = clientPreflight
