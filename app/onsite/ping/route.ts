import { ApiResult, clientPreflight, clientRoute } from '@/lib/api/api-route'
import { pingOrigin, recordPing } from '@/lib/onsite/record-ping'

// POST /onsite/ping?company_id={public key} – the onsite script's install ping (once per browser session; 204, CORS for any origin)
export const POST = clientRoute({
  rate: 'XL',
  handler: async ({ ctx }) => {
    // A ping without a usable Origin (a server, a sandboxed frame) names no store: nothing to record.
    const origin = pingOrigin(ctx.req.headers.get('origin'))
    if (origin) await recordPing(ctx.companyId, origin)
    return new ApiResult(204)
  },
})

// OPTIONS /onsite/ping – CORS preflight
export const OPTIONS = clientPreflight
