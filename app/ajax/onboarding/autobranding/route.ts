import { ajax } from '@/lib/http/ajax'
import { autobrand, autobrandingBody } from '@/lib/onboarding/autobranding'

// POST /ajax/onboarding/autobranding {websiteUrl?, apply, brandColor?} – reads the logo and colours of the store's website; apply saves them as the brand
export const POST = ajax({
  resources: ['account_settings_write'],
  body: autobrandingBody,
  handler: ({ ctx, body }) => autobrand(ctx.principal.companyId, ctx.principal.userId, body),
})
export type AutobrandingResponse = Awaited<ReturnType<typeof autobrand>>
