// Event values as money when the event names a currency (USD when it has a value but none).
import type { useFormatter } from 'next-intl'

type Formatter = ReturnType<typeof useFormatter>

export function formatValue(format: Formatter, value: number, currency: string | null): string {
  try {
    return format.number(value, { style: 'currency', currency: (currency || 'USD').toUpperCase() })
  } catch {
    // An unknown currency code: the number alone rather than nothing.
    return format.number(value, { maximumFractionDigits: 2 })
  }
}
