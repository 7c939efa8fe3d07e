import { ajax } from '@/lib/http/ajax'
import { listProfileCountries } from '@/lib/profile-view/list-profile-countries'

// GET /ajax/people/countries – the countries written on profiles, with their ISO codes and counts
export const GET = ajax({
  resources: ['profile_read'],
  handler: ({ ctx }) => listProfileCountries(ctx.principal.companyId),
})
