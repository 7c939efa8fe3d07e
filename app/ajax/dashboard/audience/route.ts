import { ajax } from '@/lib/http/ajax'
import { getAudienceSummary } from '@/lib/profile-view/get-audience-summary'

// GET /ajax/dashboard/audience – new profiles, events today and top metrics in the company's time zone
export const GET = ajax({
  partial: ['profile_read', 'metrics_read'],
  handler: ({ ctx }) => {
    const { companyId, company, resources } = ctx.principal
    return getAudienceSummary(companyId, company.timezone, {
      profiles: resources.has('profile_read'),
      metrics: resources.has('metrics_read'),
    })
  },
})
