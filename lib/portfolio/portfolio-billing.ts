// GET /ajax/portfolio/{id}/billing (/portfolio/billing): the family's usage this calendar month
// (UTC): each visible account's plan, profiles and messages sent, with totals. Counted from the
// rows (Profile, Send) because no billing module offers a family usage figure yet; plans are
// shown only where the viewer may read the account's billing.
import { db } from '@/lib/db/client'
import { resourcesForRole } from '@/lib/auth/roles'
import { portfolioScope } from './access'
import { accountFigures } from './account-figures'

export async function portfolioBilling(userId: number, portfolioId: number, now = new Date()) {
  const { accounts } = await portfolioScope(userId, portfolioId)
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
  const ids = accounts.map((a) => a.companyId)
  const [figures, plans] = await Promise.all([
    accountFigures(ids, { from, to: now }),
    db.company.findMany({ where: { id: { in: ids } }, select: { id: true, planKey: true } }),
  ])
  const planOf = new Map(plans.map((p) => [p.id, p.planKey]))
  const rows = accounts.map((a, i) => {
    const f = figures[i]!
    return {
      companyId: a.companyId,
      name: a.name,
      plan: resourcesForRole(a.role).includes('billing_read') ? (planOf.get(a.companyId) ?? null) : null,
      profiles: f.profiles,
      emailSends: f.sends.email,
      smsSends: f.sends.sms,
      otherSends: f.sends.other,
    }
  })
  const total = (k: 'profiles' | 'emailSends' | 'smsSends' | 'otherSends') => rows.reduce((s, r) => s + r[k], 0)
  return {
    from: from.toISOString(),
    to: now.toISOString(),
    accounts: rows,
    totals: {
      profiles: total('profiles'),
      emailSends: total('emailSends'),
      smsSends: total('smsSends'),
      otherSends: total('otherSends'),
    },
  }
}
