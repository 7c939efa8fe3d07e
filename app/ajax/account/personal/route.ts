import { ajax } from '@/lib/http/ajax'
import { getPersonalSettings } from '@/lib/account/personal-profile'

// GET /ajax/account/personal – my name, email (and one waiting for confirmation), language, region, photo
export const GET = ajax({
  handler: ({ ctx }) => getPersonalSettings(ctx.principal.userId),
})
