import { LOCALES, resolveLocale, localeFromAcceptLanguage, isLocale } from '@/lib/i18n/locales'
import { formatPercent, formatCurrency, formatTime, uses24HourTime } from '@/lib/i18n/format'
import { TIMEFRAME_PRESETS, TIMEFRAME_AGGREGATORS } from '@/lib/i18n/timeframes'
import en from '@/messages/en-US.json'

describe('locale resolution (seed 001 §9)', () => {
  test('16 supported locales, en-US default', () => {
    expect(LOCALES).toHaveLength(16)
    expect(new Set(LOCALES).size).toBe(16)
    expect(isLocale('en-US')).toBe(true)
  })
  test.each([
    ['pt', 'pt-BR'],
    ['en', 'en-US'],
    ['it', 'it-IT'],
    ['es', 'es-ES'],
    ['fr', 'fr-FR'],
    ['de', 'de-DE'],
    ['ko', 'ko-KR'],
    ['ja', 'en-US'],
    ['zh-CN', 'en-US'],
    ['', 'en-US'],
    ['xx-YY', 'en-US'],
  ])('prefix %s maps to %s', (input, out) => expect(resolveLocale(input)).toBe(out))
  test.each([
    ['en-GB', 'en-GB'],
    ['pt-PT', 'pt-PT'],
    ['es_MX', 'es-MX'],
    ['nb-NO', 'nb-NO'],
    ['sv-se', 'sv-SE'],
    ['fr-CA', 'fr-FR'],
  ])('exact or regional %s → %s', (input, out) => expect(resolveLocale(input)).toBe(out))
  test('Accept-Language honours quality order and falls back', () => {
    expect(localeFromAcceptLanguage('de-DE,de;q=0.9,en;q=0.8')).toBe('de-DE')
    expect(localeFromAcceptLanguage('ja;q=0.9,sv-SE;q=0.95')).toBe('sv-SE')
    expect(localeFromAcceptLanguage('ja')).toBe('en-US')
    expect(localeFromAcceptLanguage(null)).toBe('en-US')
  })
})

describe('formatting', () => {
  const at = new Date(Date.UTC(2026, 10, 21, 15, 5))
  test('24-hour time everywhere but en-US', () => {
    expect(uses24HourTime('en-US')).toBe(false)
    expect(uses24HourTime('en-GB')).toBe(true)
    expect(formatTime(at, 'en-US')).toMatch(/3:05\s?PM/)
    expect(formatTime(at, 'de-DE')).toBe('15:05')
    expect(formatTime(at, 'en-GB')).toBe('15:05')
  })
  test('percent precisions high 2, medium 1, low 0', () => {
    expect(formatPercent(0.12345, 'en-US', 'high')).toBe('12.35%')
    expect(formatPercent(0.12345, 'en-US', 'medium')).toBe('12.3%')
    expect(formatPercent(0.12345, 'en-US', 'low')).toBe('12%')
  })
  test('currency precisions high 2, low 0, compact', () => {
    expect(formatCurrency(1234.5, 'USD', 'en-US', 'high')).toBe('$1,234.50')
    expect(formatCurrency(1234.5, 'USD', 'en-US', 'low')).toBe('$1,235')
    expect(formatCurrency(1234567, 'USD', 'en-US', 'compact')).toBe('$1.2M')
  })
})

test('timeframe presets and aggregators are data with labels', () => {
  expect(TIMEFRAME_PRESETS).toHaveLength(23)
  expect(TIMEFRAME_AGGREGATORS).toEqual(['hourly', 'daily', 'weekly', 'monthly', 'quarterly', 'yearly', 'entire_range'])
  for (const p of TIMEFRAME_PRESETS) expect((en.timeframes as Record<string, string>)[p]).toBeTruthy()
  for (const a of TIMEFRAME_AGGREGATORS) expect((en.aggregators as Record<string, string>)[a]).toBeTruthy()
})
