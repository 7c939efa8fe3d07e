// GET /ajax/portfolio/{id}/users (/portfolio/users): who has which role in which account. An
// account's users are listed only where the viewer may read that account's users
// (account_users_read in their own role there), as the account's own users page would.
import { db } from '@/lib/db/client'
import { resourcesForRole } from '@/lib/auth/roles'
import { portfolioScope } from './access'

export async function portfolioUsers(userId: number, portfolioId: number) {
  const { accounts } = await portfolioScope(userId, portfolioId)
  const readable = accounts.filter((a) => resourcesForRole(a.role).includes('account_users_read'))
  const rows = readable.length
    ? await db.membership.findMany({
        where: { companyId: { in: readable.map((a) => a.companyId) } },
        select: {
          companyId: true,
          role: true,
          user: { select: { id: true, email: true, firstName: true, lastName: true } },
        },
      })
    : []
  const users = new Map<number, { userId: number; email: string; name: string; roles: Record<number, string> }>()
  for (const r of rows) {
    const u = users.get(r.user.id) ?? {
      userId: r.user.id,
      email: r.user.email,
      name: `${r.user.firstName} ${r.user.lastName}`.trim(),
      roles: {},
    }
    u.roles[r.companyId] = r.role
    users.set(r.user.id, u)
  }
  const readableIds = new Set(readable.map((a) => a.companyId))
  return {
    accounts: accounts.map((a) => ({
      companyId: a.companyId,
      name: a.name,
      yourRole: a.role,
      usersVisible: readableIds.has(a.companyId),
    })),
    users: [...users.values()].sort((a, b) => a.email.localeCompare(b.email)),
  }
}
