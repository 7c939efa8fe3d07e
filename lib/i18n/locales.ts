// The 16 supported locales of seed 001 §9 and the rules that map any value onto one of them.
export const LOCALES = [
  'da-DK',
  'de-DE',
  'en-US',
  'en-GB',
  'es-ES',
  'es-MX',
  'fi-FI',
  'fr-FR',
  'it-IT',
  'nl-NL',
  'nb-NO',
  'pt-BR',
  'pt-PT',
  'sv-SE',
  'ko-KR',
  'pl-PL',
] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'en-US'

/** Language prefix → region (seed 001 §9); anything else maps to en-US. */
export const PREFIX_TO_LOCALE: Record<string, Locale> = {
  pt: 'pt-BR',
  en: 'en-US',
  it: 'it-IT',
  es: 'es-ES',
  fr: 'fr-FR',
  de: 'de-DE',
  ko: 'ko-KR',
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/** Maps a value such as "de", "pt_BR" or "fr-CA" to a supported locale. */
export function resolveLocale(value: string | null | undefined): Locale {
  if (!value) return DEFAULT_LOCALE
  const norm = value.trim().replace('_', '-')
  const exact = LOCALES.find((l) => l.toLowerCase() === norm.toLowerCase())
  if (exact) return exact
  const prefix = norm.split('-')[0]!.toLowerCase()
  return PREFIX_TO_LOCALE[prefix] ?? DEFAULT_LOCALE
}

/** Picks the first supported locale of an Accept-Language header, else en-US. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE
  const tags = header
    .split(',')
    .map((p) => {
      const [tag, q] = p.trim().split(';q=')
      return { tag: tag!.trim(), q: q ? Number(q) : 1 }
    })
    .filter((t) => t.tag && t.tag !== '*')
    .sort((a, b) => b.q - a.q)
  for (const { tag } of tags) {
    const exact = LOCALES.find((l) => l.toLowerCase() === tag.toLowerCase())
    if (exact) return exact
  }
  return tags.length ? resolveLocale(tags[0]!.tag) : DEFAULT_LOCALE
}

export const LOCALE_COOKIE = 'kl_locale'
