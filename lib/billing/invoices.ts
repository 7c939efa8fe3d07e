// Invoices: Stripe's, mirrored from its webhooks, or — without a Stripe key — records of ours,
// issued when staff assign a paid plan. The billing address and company information (§7.11)
// are copied onto the invoice when it is issued, with the tax rate configured for its country.
import { exec, select, selectFirst, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { db } from '@/lib/db/client'
import { toDate } from '@/lib/db/dialect'
import { taxRateBps } from './billing-config'
import type { Period } from './billing-period'

export interface InvoiceLine {
  description: string
  planKey: string | null
  amountCents: number
}

export interface InvoiceView {
  id: number
  number: string
  periodStart: string
  periodEnd: string
  lines: InvoiceLine[]
  subtotalCents: number
  taxRateBps: number
  taxCents: number
  totalCents: number
  currency: string
  status: string
  issuedAt: string
  paidAt: string | null
  billTo: Record<string, string | null> | null
}

function* billToOps(companyId: number): Ops<Record<string, string | null> | null> {
  const a = yield* selectFirst(kysely().selectFrom('BillingAddress').selectAll().where('companyId', '=', companyId))
  if (!a) return null
  return {
    companyName: a.companyName,
    taxId: a.taxId,
    line1: a.line1,
    line2: a.line2,
    city: a.city,
    region: a.region,
    postalCode: a.postalCode,
    country: a.country,
  }
}

export interface IssueInvoiceInput {
  companyId: number
  period: Period
  lines: InvoiceLine[]
  currency: string
  now: Date
  status?: 'open' | 'paid'
  stripeInvoiceId?: string | null
  /** Stripe's own figures, when it computed the tax. */
  totals?: { subtotalCents: number; taxCents: number; totalCents: number }
  number?: string
}

/** Issues (or, for a Stripe invoice seen before, updates) an invoice; returns its id. */
export function* issueInvoiceOps(i: IssueInvoiceInput): Ops<number> {
  const q = kysely()
  if (i.stripeInvoiceId) {
    const seen = yield* selectFirst(
      q
        .selectFrom('Invoice')
        .select(['id'])
        .where('stripeInvoiceId', '=', i.stripeInvoiceId)
        .where('companyId', '=', i.companyId),
    )
    if (seen) {
      yield* exec(
        q
          .updateTable('Invoice')
          .set({ status: i.status ?? 'open', paidAt: i.status === 'paid' ? i.now : null })
          .where('id', '=', seen.id),
      )
      return seen.id
    }
  }
  const billTo = yield* billToOps(i.companyId)
  const subtotal = i.totals?.subtotalCents ?? i.lines.reduce((a, l) => a + l.amountCents, 0)
  const rate = i.totals
    ? subtotal
      ? Math.round((i.totals.taxCents * 10_000) / subtotal)
      : 0
    : taxRateBps(billTo?.country)
  const tax = i.totals?.taxCents ?? Math.round((subtotal * rate) / 10_000)
  const count = yield* selectFirst(
    q
      .selectFrom('Invoice')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('companyId', '=', i.companyId),
  )
  const number = i.number ?? `INV-${i.companyId}-${String(Number(count?.n ?? 0) + 1).padStart(5, '0')}`
  const rows = yield* select(
    q
      .insertInto('Invoice')
      .values({
        companyId: i.companyId,
        number,
        periodStart: i.period.start,
        periodEnd: i.period.end,
        lines: JSON.stringify(i.lines),
        subtotalCents: subtotal,
        taxRateBps: rate,
        taxCents: tax,
        totalCents: i.totals?.totalCents ?? subtotal + tax,
        currency: i.currency.toUpperCase(),
        status: i.status ?? 'open',
        stripeInvoiceId: i.stripeInvoiceId ?? null,
        billTo: billTo ? JSON.stringify(billTo) : null,
        issuedAt: i.now,
        paidAt: i.status === 'paid' ? i.now : null,
      })
      .returning('id'),
  )
  return rows[0]!.id
}

const iso = (v: unknown) => toDate(v)?.toISOString() ?? ''
function parseJson<T>(s: string | null, fallback: T): T {
  try {
    return s ? (JSON.parse(s) as T) : fallback
  } catch {
    return fallback
  }
}

type InvoiceRow = Awaited<ReturnType<typeof db.invoice.findFirstOrThrow>>
const view = (r: InvoiceRow): InvoiceView => ({
  id: r.id,
  number: r.number,
  periodStart: iso(r.periodStart),
  periodEnd: iso(r.periodEnd),
  lines: parseJson<InvoiceLine[]>(r.lines, []),
  subtotalCents: r.subtotalCents,
  taxRateBps: r.taxRateBps,
  taxCents: r.taxCents,
  totalCents: r.totalCents,
  currency: r.currency,
  status: r.status,
  issuedAt: iso(r.issuedAt),
  paidAt: r.paidAt ? iso(r.paidAt) : null,
  billTo: parseJson(r.billTo, null),
})

export async function listInvoices(companyId: number): Promise<InvoiceView[]> {
  const rows = await db.invoice.findMany({ where: { companyId }, orderBy: { issuedAt: 'desc' }, take: 200 })
  return rows.map(view)
}

/** One invoice of the company, or null (another company's is as missing as none). */
export async function getInvoice(companyId: number, id: number): Promise<InvoiceView | null> {
  const r = await db.invoice.findFirst({ where: { id, companyId } })
  return r ? view(r) : null
}
