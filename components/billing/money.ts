// Prices are whole cents with an ISO currency; shown with the viewer's locale.
export function formatCents(
  format: { number: (v: number, o?: Intl.NumberFormatOptions) => string },
  cents: number,
  currency: string,
): string {
  return format.number(cents / 100, { style: 'currency', currency, minimumFractionDigits: cents % 100 ? 2 : 0 })
}
