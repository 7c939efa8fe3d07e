// /cdp/intelligence (no tab, or an unknown one): one card per insight the product computes, each
// with its live headline from the insight's own reader and a link to its screen (the five tab
// paths themselves are redirects, lib/routes/redirects.ts). A reader that fails leaves its card
// without a figure rather than failing the page.
import { getRfm } from './get-rfm'
import { getFunnel } from './get-funnel'
import { getAudience } from './get-audience'
import { getProductInsights } from './get-product-insights'
import { today } from './inputs'
import { getClvOverview } from '@/lib/predictive/get-clv-overview'
import { db } from '@/lib/db/client'

const DAYS = 30

export interface IntelligenceCard {
  key: 'rfm' | 'clv' | 'funnel' | 'audience' | 'product'
  href: string
  /** False while the insight has no data to show (the card says what it needs). */
  ready: boolean
  figures: Record<string, number | string | null>
}

async function safely<T>(f: () => Promise<T>): Promise<T | null> {
  try {
    return await f()
  } catch (e) {
    console.error('[intelligence] a headline failed', e)
    return null
  }
}

export async function getIntelligenceOverview(companyId: number, now = new Date()) {
  const end = today(now)
  const start = today(new Date(now.getTime() - (DAYS - 1) * 86_400_000))
  const [company, rfm, clv, funnel, audience, products] = await Promise.all([
    db.company.findUnique({ where: { id: companyId }, select: { currency: true } }),
    safely(() => getRfm(companyId, {}, now)),
    safely(() => getClvOverview(companyId)),
    safely(() => getFunnel(companyId, { start, end })),
    safely(() => getAudience(companyId, now)),
    safely(() => getProductInsights(companyId, { start, end, limit: 1 })),
  ])
  const champions = rfm?.groups.find((g) => g.group === 'champions')
  const first = funnel?.total[0] ?? 0
  const last = funnel?.total[funnel.total.length - 1] ?? 0
  const top = products?.topByRevenue[0]
  const cards: IntelligenceCard[] = [
    {
      key: 'rfm',
      href: '/customer-insights/rfm',
      ready: !!rfm?.metricId,
      figures: { customers: rfm?.customers ?? 0, champions: champions?.customers ?? 0 },
    },
    {
      key: 'clv',
      href: '/predictive-models/clv',
      ready: clv?.fit?.status === 'fitted',
      figures: {
        averagePredictedClv: clv?.averagePredictedClv ?? 0,
        likelyToChurn: clv?.likelyToChurn ?? 0,
      },
    },
    {
      key: 'funnel',
      href: '/customer-insights/funnel',
      ready: first > 0,
      figures: { entered: first, converted: last, conversion: first ? last / first : 0 },
    },
    {
      key: 'audience',
      href: '/customer-insights/audience',
      ready: (audience?.profiles ?? 0) > 0,
      figures: { profiles: audience?.profiles ?? 0, customers: audience?.customers ?? 0 },
    },
    {
      key: 'product',
      href: '/catalog-insights/product',
      ready: !!top,
      figures: { topProduct: top?.name ?? null, revenue: top?.revenue ?? 0, orders: top?.orders ?? 0 },
    },
  ]
  // Money figures (predicted CLV, product revenue) are in the account's currency.
  return { days: DAYS, currency: company?.currency ?? 'USD', cards }
}
export type IntelligenceOverviewResponse = Awaited<ReturnType<typeof getIntelligenceOverview>>
