// The choices of the organization form, with names in the reader's language (Intl data only).
import { countryCodes, currencyCodes, LANGUAGES } from '@/lib/i18n/regions'

export const INDUSTRIES = [
  'apparel_accessories',
  'beauty_cosmetics',
  'electronics',
  'food_beverage',
  'health_wellness',
  'home_garden',
  'jewelry',
  'pets',
  'sports_outdoors',
  'toys_hobbies',
  'other',
] as const
export type Industry = (typeof INDUSTRIES)[number]

// Countries, currencies and languages are Intl data in lib/i18n, which segments read too.
export { countryCodes, currencyCodes, LANGUAGES } from '@/lib/i18n/regions'

function named(codes: string[], locale: string, type: 'region' | 'currency' | 'language') {
  const names = new Intl.DisplayNames([locale, 'en'], { type, fallback: 'code' })
  return codes
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, locale))
}

export function organizationOptions(locale: string) {
  return {
    countries: named(countryCodes(), locale, 'region'),
    currencies: named(currencyCodes(), locale, 'currency').map((c) => ({ ...c, name: `${c.name} (${c.code})` })),
    languages: named(LANGUAGES, locale, 'language'),
    industries: [...INDUSTRIES],
  }
}
