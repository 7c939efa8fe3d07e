// POST /ajax/portfolio (the /portfolio-wizard's last step): a named portfolio of accounts the
// user belongs to. An account the user has no role in is a field error, never silently added.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'

export const portfolioName = z.string().trim().min(1, 'Give the portfolio a name.').max(120)
export const companyIdsField = z.array(z.coerce.number().int().positive()).max(500)

export const createPortfolioBody = z.object({
  name: portfolioName,
  companyIds: companyIdsField.min(1, 'Choose at least one account.'),
})

/** Throws a 400 naming the ids the user holds no role in. */
export async function assertMemberOf(userId: number, companyIds: number[], field = 'companyIds') {
  const ids = [...new Set(companyIds)]
  const found = await db.membership.findMany({
    where: { userId, companyId: { in: ids } },
    select: { companyId: true },
  })
  const have = new Set(found.map((m) => m.companyId))
  const missing = ids.filter((id) => !have.has(id))
  if (missing.length) {
    const msg = 'You are not a user of this account: ask one of its owners to invite you first.'
    throw badRequest(msg, { [field]: missing.map((id) => `${msg} (${id})`) })
  }
  return ids
}

export async function createPortfolio(userId: number, input: z.infer<typeof createPortfolioBody>) {
  const ids = await assertMemberOf(userId, input.companyIds)
  const p = await db.portfolio.create({
    data: { ownerUserId: userId, name: input.name, accounts: { create: ids.map((companyId) => ({ companyId })) } },
  })
  return { id: p.id, name: p.name }
}
