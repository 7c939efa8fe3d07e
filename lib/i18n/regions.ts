// The countries (ISO 3166-1 codes ICU names), currencies and interface languages people choose
// from: Intl data only. A base layer because the organization form (lib/account) and country
// conditions (lib/segments/country-aliases.ts) both read it (issue 30, the folder import cycle).
import { LOCALES } from './locales'

/** The interface languages (seed 001 §9) by their language part: da, de, en, es … */
export const LANGUAGES = [...new Set(LOCALES.map((l) => l.split('-')[0]!))]

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
let regionCodes: string[] | null = null

/** ISO 3166-1 alpha-2 codes that ICU names (no private-use or withdrawn codes). */
export function countryCodes(): string[] {
  if (!regionCodes) {
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' })
    const out: string[] = []
    for (const a of LETTERS)
      for (const b of LETTERS) {
        const code = a + b
        if (
          [
            'AA',
            'QM',
            'QN',
            'QO',
            'QP',
            'QQ',
            'QR',
            'QS',
            'QT',
            'QU',
            'QV',
            'QW',
            'QX',
            'QY',
            'QZ',
            'ZZ',
            'EU',
            'EZ',
            'UN',
          ].includes(code)
        )
          continue
        if (code.startsWith('X') && code !== 'XK') continue
        // Exceptionally reserved codes (Ascension, Canary Islands …) are not countries of ISO 3166-1.
        if (['AC', 'CP', 'DG', 'EA', 'IC', 'TA'].includes(code)) continue
        // ICU names withdrawn codes after their successors (YU and CS as "Serbia", UK as "United
        // Kingdom"): only the code a region canonicalizes to is a choice, so no country shows twice.
        if (Intl.getCanonicalLocales(`und-${code}`)[0] !== `und-${code}`) continue
        const name = names.of(code)
        if (name && name !== code) out.push(code)
      }
    regionCodes = out
  }
  return regionCodes
}

export const currencyCodes = (): string[] => Intl.supportedValuesOf('currency')
