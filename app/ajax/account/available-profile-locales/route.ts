import { ajax } from '@/lib/http/ajax'
import { resolveLocale } from '@/lib/i18n/locales'
import { availableProfileLocales } from '@/lib/account/personal-profile'

// GET /ajax/account/available-profile-locales – the languages and regions a user can choose
export const GET = ajax({
  handler: ({ ctx }) => availableProfileLocales(resolveLocale(ctx.principal.user.locale)),
})
