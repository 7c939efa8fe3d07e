// next-intl without a locale in the URL: user preference, then the locale cookie, then the
// browser's Accept-Language through the prefix mapping, else en-US. Every locale's messages
// are laid over en-US, so a missing key falls back to English.
import { getRequestConfig } from 'next-intl/server'
import { cookies, headers } from 'next/headers'
import { LOCALE_COOKIE, isLocale, localeFromAcceptLanguage, resolveLocale } from '@/lib/i18n/locales'
import { loadMessages } from '@/lib/i18n/load-messages'
import { getCurrentPrincipal } from '@/lib/server/current-principal'

export default getRequestConfig(async () => {
  const principal = await getCurrentPrincipal().catch(() => null)
  const cookieLocale = (await cookies()).get(LOCALE_COOKIE)?.value
  const locale = principal?.user.locale
    ? resolveLocale(principal.user.locale)
    : isLocale(cookieLocale)
      ? cookieLocale
      : localeFromAcceptLanguage((await headers()).get('accept-language'))
  return {
    locale,
    messages: await loadMessages(locale),
    timeZone: principal?.company.timezone ?? 'UTC',
    onError: () => {},
    getMessageFallback: ({ key, namespace }) => (namespace ? `${namespace}.${key}` : key),
  }
})
