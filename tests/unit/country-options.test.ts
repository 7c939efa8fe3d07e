/** @jest-environment node */
// The country choices (organization, personal region): each country once, by its current ISO
// code (issue 30 §8: Serbia appeared three times, as RS, CS and YU).
import { countryCodes, organizationOptions } from '@/lib/account/organization-options'
import { LOCALES } from '@/lib/i18n/locales'

test('no country is listed twice, in any interface language', () => {
  for (const locale of LOCALES) {
    const names = organizationOptions(locale).countries.map((c) => c.name)
    expect(names.length - new Set(names).size).toBe(0)
  }
})

test('current codes only: RS, GB, DE, MM, CD and XK are there; YU, CS, UK, DD, BU, ZR and SU are not', () => {
  const codes = countryCodes()
  expect(codes).toEqual(expect.arrayContaining(['RS', 'GB', 'DE', 'MM', 'CD', 'XK', 'US', 'FR']))
  for (const old of ['YU', 'CS', 'UK', 'DD', 'BU', 'ZR', 'SU', 'FX', 'AN', 'TP', 'IC']) expect(codes).not.toContain(old)
})
