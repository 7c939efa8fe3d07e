// The locale for /ajax/current-locale: the user's preference, then the kl_locale cookie, then
// Accept-Language. The SMS variant (public unsubscribe and info pages) has no user.
import { isLocale, localeFromAcceptLanguage, resolveLocale, type Locale } from '@/lib/i18n/locales'

export function resolveRequestLocale(input: {
  userLocale?: string | null
  cookieLocale?: string
  acceptLanguage?: string | null
}): Locale {
  if (input.userLocale) return resolveLocale(input.userLocale)
  if (isLocale(input.cookieLocale)) return input.cookieLocale
  return localeFromAcceptLanguage(input.acceptLanguage)
}
