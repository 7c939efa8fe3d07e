import { ajax } from '@/lib/http/ajax'
import { exportPeople } from '@/lib/groups/export-people'
import { peopleFilters } from '@/lib/groups/people-query'

// POST /ajax/people/subscribers/export – the people of /people/subscribers as shown (view, consent, search, sort) as a CSV download
export const POST = ajax({
  resources: ['profile_read', 'exports_emails'],
  body: peopleFilters,
  handler: async ({ ctx, body }) => ({
    download: await exportPeople(ctx.principal.companyId, body, ctx.principal.userId),
  }),
})
