// Earned referral credits (issue 26 §1, /referrals) come off the next invoice of ours: a
// negative "Referral credit" line, at most the invoice's charges, so what is left carries over
// to the invoices after it. What has been used is read back from the lines of the company's
// invoices (a voided invoice gives its credit back), so no second record can drift from them.
// The caller issues the invoice in the same write transaction; on PostgreSQL the company's
// subscription row is locked first, so two invoices cannot both use one credit (SQLite's write
// transactions run one at a time).
// Stripe's invoices are Stripe's own figures and are not changed here.
import { sql } from 'kysely'
import { select, selectFirst, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { dbEngine } from '@/lib/db/client'
import type { InvoiceLine } from './invoices'

/** The planKey that marks an invoice's referral credit line. */
export const REFERRAL_CREDIT_KEY = 'referral-credit'

/** Credits earned by the company's paying referrals, less what its invoices have used. */
export function* referralCreditBalanceOps(companyId: number): Ops<number> {
  const earned = yield* selectFirst(
    kysely()
      .selectFrom('Referral')
      .select(sql<number>`coalesce(sum("creditCents"), 0)`.as('cents'))
      .where('companyId', '=', companyId)
      .where('status', '=', 'credited'),
  )
  const invoices = yield* select(
    kysely()
      .selectFrom('Invoice')
      .select('lines')
      .where('companyId', '=', companyId)
      .where('status', '!=', 'void')
      .where('lines', 'like', `%${REFERRAL_CREDIT_KEY}%`),
  )
  let used = 0
  for (const inv of invoices) {
    let lines: InvoiceLine[] = []
    try {
      lines = JSON.parse(inv.lines) as InvoiceLine[]
    } catch {
      continue
    }
    for (const l of lines) if (l.planKey === REFERRAL_CREDIT_KEY) used -= l.amountCents
  }
  return Math.max(0, Number(earned?.cents ?? 0) - used)
}

/** The credit line for an invoice of `chargeCents`, or null when there is nothing to deduct. */
export function* referralCreditLineOps(companyId: number, chargeCents: number): Ops<InvoiceLine | null> {
  if (chargeCents <= 0) return null
  if (dbEngine() === 'postgresql')
    yield* select(
      kysely().selectFrom('CompanySubscription').select('companyId').where('companyId', '=', companyId).forUpdate(),
    )
  const cents = Math.min(chargeCents, yield* referralCreditBalanceOps(companyId))
  return cents > 0 ? { description: 'Referral credit', planKey: REFERRAL_CREDIT_KEY, amountCents: -cents } : null
}
