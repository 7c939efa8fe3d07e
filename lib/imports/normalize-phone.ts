// Phone numbers of imported rows as E.164 ("+33 1 23 45 67 89", "(415) 555-2671", "0044 20 7946
// 0958" → +33123456789, +14155552671, +442079460958). A number without its country code is read in
// the company's country (the organization's address, else its locale region). Used by the import
// worker and by the browser's preview, so both flag the same rows.
import { parsePhoneNumberFromString, isSupportedCountry, type CountryCode } from 'libphonenumber-js'

export type PhoneResult = { ok: true; e164: string } | { ok: false; reason: 'invalid' | 'needs_country' }

/** The first of the candidates that is a country libphonenumber knows, upper-cased. */
export function phoneRegion(...candidates: Array<string | null | undefined>): CountryCode | undefined {
  for (const c of candidates) {
    const code = (c ?? '').trim().toUpperCase()
    if (/^[A-Z]{2}$/.test(code) && isSupportedCountry(code)) return code as CountryCode
  }
  return undefined
}

export function normalizePhone(raw: string, defaultRegion?: CountryCode): PhoneResult {
  let s = raw.trim()
  // The international call prefix written out ("0033…") means "+".
  if (/^00[1-9]/.test(s.replace(/[\s().-]/g, ''))) s = '+' + s.replace(/[\s().-]/g, '').slice(2)
  const international = s.startsWith('+')
  if (!international && !defaultRegion) return { ok: false, reason: 'needs_country' }
  const parsed = parsePhoneNumberFromString(s, international ? undefined : { defaultCountry: defaultRegion })
  if (!parsed || !parsed.isValid()) return { ok: false, reason: 'invalid' }
  return { ok: true, e164: parsed.number }
}

export function phoneProblemMessage(reason: 'invalid' | 'needs_country', region?: string): string {
  return reason === 'needs_country'
    ? 'The phone number has no country code (e.g. +33…) and the account has no country to read it in.'
    : `Not a valid phone number${region ? ` (read as a ${region} number when it has no country code)` : ''}.`
}
