// Who sees what in a portfolio. A portfolio belongs to one user; it shows only the accounts
// where that user still holds a role, checked on every read (a user removed from an account
// stops seeing it at once, even though the PortfolioAccount row stays until they remove it).
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { resourcesForRole } from '@/lib/auth/roles'

export interface PortfolioAccountView {
  companyId: number
  name: string
  role: string
  timezone: string
  currency: string
}

/** The user's portfolio; another user's (or a missing one) is a 404, so ids of others reveal nothing. */
export async function getPortfolioOrThrow(userId: number, portfolioId: number) {
  const p = await db.portfolio.findFirst({ where: { id: portfolioId, ownerUserId: userId } })
  if (!p) throw notFound('No such portfolio.')
  return p
}

export async function listPortfolios(userId: number) {
  const rows = await db.portfolio.findMany({
    where: { ownerUserId: userId },
    orderBy: { id: 'asc' },
    select: { id: true, name: true, createdAt: true },
  })
  return rows.map((p) => ({ id: p.id, name: p.name, createdAt: p.createdAt.toISOString() }))
}

/** The portfolio's accounts the user holds a role in today, by name. */
export async function visibleAccounts(userId: number, portfolioId: number): Promise<PortfolioAccountView[]> {
  const rows = await db.portfolioAccount.findMany({
    where: { portfolioId, portfolio: { ownerUserId: userId }, company: { memberships: { some: { userId } } } },
    select: {
      company: {
        select: {
          id: true,
          name: true,
          timezone: true,
          currency: true,
          memberships: { where: { userId }, select: { role: true } },
        },
      },
    },
  })
  return rows
    .map(({ company: c }) => ({
      companyId: c.id,
      name: c.name,
      role: c.memberships[0]!.role,
      timezone: c.timezone,
      currency: c.currency,
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.companyId - b.companyId)
}

/** The user's portfolio and its visible accounts in one call (what every portfolio screen starts with). */
export async function portfolioScope(userId: number, portfolioId: number) {
  const portfolio = await getPortfolioOrThrow(userId, portfolioId)
  return { portfolio, accounts: await visibleAccounts(userId, portfolioId) }
}

/** Whether the user's role in an account grants a resource (false when they have no role there). */
export async function holds(userId: number, companyId: number, resource: string): Promise<boolean> {
  const m = await db.membership.findUnique({
    where: { userId_companyId: { userId, companyId } },
    select: { role: true },
  })
  return !!m && (resourcesForRole(m.role) as readonly string[]).includes(resource)
}

/** Every account the user belongs to (the candidates to add), by name. */
export async function memberAccounts(userId: number) {
  const rows = await db.membership.findMany({
    where: { userId },
    select: { role: true, company: { select: { id: true, name: true } } },
  })
  return rows
    .map((m) => ({ companyId: m.company.id, name: m.company.name, role: m.role }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.companyId - b.companyId)
}
