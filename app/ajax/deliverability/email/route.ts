import { ajax } from '@/lib/http/ajax'
import { emailDeliverability } from '@/lib/deliverability/email-rates'
import { rangeOf, rangeQuery } from '@/lib/deliverability/range-query'
import { listSendingDomains } from '@/lib/messaging/dkim/sending-domains'

// GET /ajax/deliverability/email?from=&to= – rates by provider, sending domain and day, score, advice, domains' DNS status
export const GET = ajax({
  resources: ['message_statistics_read'],
  query: rangeQuery,
  handler: async ({ ctx, query }) => {
    const companyId = ctx.principal.companyId
    const [rates, domains] = await Promise.all([
      emailDeliverability(companyId, rangeOf(query, new Date())),
      listSendingDomains(companyId),
    ])
    return {
      ...rates,
      sendingDomains: domains.map((d) => ({
        id: d.id,
        domain: d.domain,
        verified: d.verified,
        lastCheckAt: d.lastCheckAt,
        records: d.records.map((r) => ({ kind: r.kind, status: r.status })),
      })),
    }
  },
})
export type EmailDeliverabilityResponse = Awaited<ReturnType<typeof emailDeliverability>> & {
  sendingDomains: {
    id: number
    domain: string
    verified: boolean
    lastCheckAt: string | null
    records: { kind: string; status: string }[]
  }[]
}
