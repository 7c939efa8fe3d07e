import { ajax } from '@/lib/http/ajax'
import { notFound } from '@/lib/errors/app-error'
import { listPlans } from '@/lib/billing/plans'

// GET /ajax/billing/plans/{id} – one plan by its key
export const GET = ajax({
  resources: ['billing_read'],
  handler: async ({ params }) => {
    const plan = (await listPlans()).find((p) => p.key === params.id)
    if (!plan) throw notFound()
    return { plan }
  },
})
