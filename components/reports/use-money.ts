'use client'
// Money in the reports: the company's currency (ISO 4217, sent with each report) with its symbol,
// two decimals; an unknown or missing code falls back to a plain two-decimal number.
import { useFormatter } from 'next-intl'

export function useMoney(currency: string | null | undefined): (v: number) => string {
  const format = useFormatter()
  return (v: number) => {
    if (currency) {
      try {
        return format.number(v, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 })
      } catch {
        /* an unknown code: the plain number below */
      }
    }
    return format.number(v, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  }
}
