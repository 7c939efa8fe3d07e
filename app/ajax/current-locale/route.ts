import { ajax } from '@/lib/http/ajax'
import { LOCALE_COOKIE } from '@/lib/i18n/locales'
import { resolveRequestLocale } from '@/lib/shell/resolve-request-locale'

// GET /ajax/current-locale – the UI locale: user preference, then cookie, then Accept-Language
export const GET = ajax({
  auth: 'optional',
  handler: ({ ctx }) => ({
    locale: resolveRequestLocale({
      userLocale: ctx.principal?.user.locale,
      cookieLocale: ctx.cookies[LOCALE_COOKIE],
      acceptLanguage: ctx.req.headers.get('accept-language'),
    }),
  }),
})
