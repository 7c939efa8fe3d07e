import { ajax } from '@/lib/http/ajax'
import { LOCALE_COOKIE } from '@/lib/i18n/locales'
import { resolveRequestLocale } from '@/lib/shell/resolve-request-locale'

// GET /ajax/sms/current-locale – the locale for public SMS pages: cookie, then Accept-Language
export const GET = ajax({
  auth: 'none',
  handler: ({ ctx }) => ({
    locale: resolveRequestLocale({
      cookieLocale: ctx.cookies[LOCALE_COOKIE],
      acceptLanguage: ctx.req.headers.get('accept-language'),
    }),
  }),
})
