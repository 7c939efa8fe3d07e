// Prices are whole cents with an ISO currency; shown with the viewer's locale.
import type { useFormatter } from 'next-intl'

export function formatCents(format: ReturnType<typeof useFormatter>, cents: number, currency: string): string {
  return format.number(cents / 100, { style: 'currency', currency, minimumFractionDigits: cents % 100 ? 2 : 0 })
}
