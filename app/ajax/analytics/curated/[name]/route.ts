import { ajax } from '@/lib/http/ajax'
import { notFound } from '@/lib/errors/app-error'
import { CURATED_DASHBOARDS } from '@/lib/analytics/default-dashboard'
import { cardSpec } from '@/lib/analytics/dashboard-card-spec'

// GET /ajax/analytics/curated/{email|sms} – the cards of a curated dashboard
export const GET = ajax({
  resources: ['dashboard'],
  handler: ({ params }) => {
    const cards = CURATED_DASHBOARDS[params.name as 'email' | 'sms']
    if (!Object.hasOwn(CURATED_DASHBOARDS, params.name!) || !cards) throw notFound('This dashboard does not exist.')
    return { cards: cards.map((c) => cardSpec.parse(c)) }
  },
})
