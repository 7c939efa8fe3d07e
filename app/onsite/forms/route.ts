import { clientPreflight, clientRoute } from '@/lib/api/api-route'
import { loadLiveForms } from '@/lib/onsite/forms/load-live-forms'
import { addVisitorAudience } from '@/lib/onsite/forms/visitor-audience'
import { requestCountry } from '@/lib/onsite/forms/request-country'
import type { LiveFormsPayload } from '@/lib/onsite/forms/types'

const param = (url: URL, name: string) => url.searchParams.get(name)?.trim().slice(0, 320) || undefined

// GET /onsite/forms?company_id= – the live forms of a store for its onsite script (CORS, any origin)
export const GET = clientRoute({
  rate: 'XL',
  handler: async ({ ctx }) => {
    const { settings, forms } = await loadLiveForms(ctx.companyId)
    const keys = {
      anonymousId: param(ctx.url, 'anonymous_id'),
      email: param(ctx.url, 'email'),
      phoneNumber: param(ctx.url, 'phone_number'),
    }
    const payload: LiveFormsPayload = {
      settings,
      country: requestCountry(ctx.req.headers),
      forms: await addVisitorAudience(ctx.companyId, forms, keys),
    }
    return new Response(JSON.stringify(payload), {
      headers: { 'content-type': 'application/json', 'cache-control': 'private, no-store' },
    })
  },
})

// OPTIONS /onsite/forms – CORS preflight
export const OPTIONS = clientPreflight
