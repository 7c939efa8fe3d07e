import { ajax } from '@/lib/http/ajax'
import { exploreIdentity, exploreIdentityQuery } from '@/lib/profiles/explore-identity'

// GET /ajax/people/identity?identifier=…&kind=any – the profiles carrying an identifier, with the profiles merged into them
export const GET = ajax({
  resources: ['profile_read'],
  flag: 'identity_explorer',
  query: exploreIdentityQuery,
  handler: ({ ctx, query }) => exploreIdentity(ctx.principal.companyId, query),
})
