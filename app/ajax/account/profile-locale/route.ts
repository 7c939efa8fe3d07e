import { ajax } from '@/lib/http/ajax'
import { changeProfileLocale, changeProfileLocaleBody } from '@/lib/account/personal-profile'

// POST /ajax/account/profile-locale – my language (one of the 16 locales) and region
export const POST = ajax({
  body: changeProfileLocaleBody,
  handler: ({ ctx, body }) => changeProfileLocale(ctx.principal.userId, body),
})
