// Countries are written many ways in profile data ("US", "USA", "United States", "États-Unis"):
// a country condition matches the ISO code and every name of the same country, so "US" finds the
// people stored as "United States" and the reverse. Names come from Intl in the interface
// languages, plus the common short forms ICU does not give.
import { countryCodes, LANGUAGES } from '@/lib/i18n/regions'

/** Short forms in wide use that are neither the ISO code nor an ICU name. */
const EXTRA: Record<string, string[]> = {
  US: ['USA', 'U.S.', 'U.S.A.', 'United States of America', 'America'],
  GB: ['UK', 'U.K.', 'Great Britain', 'Britain', 'England', 'Scotland', 'Wales', 'Northern Ireland'],
  AE: ['UAE'],
  NL: ['Holland', 'The Netherlands'],
  KR: ['Korea', 'Republic of Korea'],
  CZ: ['Czech Republic'],
  RU: ['Russian Federation'],
}

/** Withdrawn or exceptionally reserved codes that ICU still names ("DD", East Germany): never what a name means today. */
const NOT_CURRENT = new Set([
  'AC',
  'AN',
  'BU',
  'CP',
  'CS',
  'DD',
  'DG',
  'EA',
  'FX',
  'IC',
  'NT',
  'SU',
  'TA',
  'TP',
  'YD',
  'YU',
  'ZR',
])

let index: Map<string, string> | null = null
let namesByCode: Map<string, string[]> | null = null

const key = (s: string) => s.trim().toLocaleLowerCase('en').normalize('NFKC')

function build() {
  index = new Map()
  namesByCode = new Map()
  const displays = ['en', ...LANGUAGES.filter((l) => l !== 'en')].map(
    (l) => new Intl.DisplayNames([l], { type: 'region', fallback: 'none' }),
  )
  for (const code of countryCodes().filter((c) => !NOT_CURRENT.has(c))) {
    const names = new Set<string>([code])
    for (const d of displays) {
      const n = d.of(code)
      if (n && n !== code) names.add(n)
    }
    for (const n of EXTRA[code] ?? []) names.add(n)
    namesByCode.set(code, [...names])
    for (const n of names) if (!index.has(key(n))) index.set(key(n), code)
  }
}

/** The ISO 3166-1 alpha-2 code a written country stands for ("usa", "Deutschland" → US, DE), else null. */
export function countryCode(value: string): string | null {
  if (!index) build()
  return index!.get(key(value)) ?? null
}

/** The code and every name of the country a value names; null when it names none (then it is matched as written). */
export function countryAliases(value: string): string[] | null {
  const code = countryCode(value)
  if (!code) return null
  return namesByCode!.get(code)!
}
