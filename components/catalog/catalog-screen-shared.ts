// What the catalog screens share: the signed-in company, whether back in stock may be read, and
// money and time in the company's currency and time zone.
import { notFound } from 'next/navigation'
import { getFormatter } from 'next-intl/server'
import { getCurrentPrincipal } from '@/lib/server/current-principal'
import { db } from '@/lib/db/client'

export type Search = Record<string, string | string[] | undefined>
export const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? ''

export async function companyId(): Promise<number> {
  const p = await getCurrentPrincipal()
  if (!p) notFound()
  return p.companyId
}

/** The back-in-stock report is linked only for those who may read it. */
export async function canReadBackInStock(): Promise<boolean> {
  return (await getCurrentPrincipal())?.resources.has('back_in_stock_read') ?? false
}

/** Inventory policy 0 | 1 | 2 (1 hides an out-of-stock variant from feeds). */
export const POLICY_KEYS = ['policy0', 'policy1', 'policy2'] as const

/**
 * Prices in the company's currency and times in its time zone, in the reader's locale (items
 * carry no currency of their own: the store's is the company's).
 */
export async function formats(cid: number) {
  const [format, company] = await Promise.all([
    getFormatter(),
    db.company.findFirst({ where: { id: cid }, select: { currency: true, timezone: true } }),
  ])
  const currency = company?.currency || 'USD'
  const timeZone = company?.timezone || 'UTC'
  const money = (n: number | null | undefined) => {
    if (n == null) return '—'
    try {
      return format.number(n, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 })
    } catch {
      return format.number(n, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    }
  }
  const date = (d: Date | null | undefined) =>
    d ? format.dateTime(d, { dateStyle: 'medium', timeStyle: 'short', timeZone }) : '—'
  return { money, date }
}
