// Formatting rules of seed 001 §9: 24-hour time outside en-US; percentage precisions (high 2,
// medium 1, low 0 decimals); currency precisions (high 2, low 0, abbreviation compact).
import { DEFAULT_LOCALE, resolveLocale } from './locales'

export type Precision = 'high' | 'medium' | 'low'

export const PERCENT_DECIMALS: Record<Precision, number> = { high: 2, medium: 1, low: 0 }
export const CURRENCY_DECIMALS = { high: 2, low: 0 } as const

export function uses24HourTime(locale: string): boolean {
  return resolveLocale(locale) !== DEFAULT_LOCALE
}

export function formatTime(date: Date, locale: string, timeZone = 'UTC'): string {
  return new Intl.DateTimeFormat(resolveLocale(locale), {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: uses24HourTime(locale) ? 'h23' : 'h12',
    timeZone,
  }).format(date)
}

/** value is a ratio: 0.1234 → "12.34%" at high precision. */
export function formatPercent(value: number, locale: string, precision: Precision = 'medium'): string {
  const d = PERCENT_DECIMALS[precision]
  return new Intl.NumberFormat(resolveLocale(locale), {
    style: 'percent',
    minimumFractionDigits: d,
    maximumFractionDigits: d,
  }).format(value)
}

export function formatCurrency(
  value: number,
  currency: string,
  locale: string,
  precision: 'high' | 'low' | 'compact' = 'high',
): string {
  const loc = resolveLocale(locale)
  if (precision === 'compact') {
    return new Intl.NumberFormat(loc, {
      style: 'currency',
      currency,
      notation: 'compact',
      maximumFractionDigits: 1,
    }).format(value)
  }
  const d = CURRENCY_DECIMALS[precision]
  return new Intl.NumberFormat(loc, {
    style: 'currency',
    currency,
    minimumFractionDigits: d,
    maximumFractionDigits: d,
  }).format(value)
}
