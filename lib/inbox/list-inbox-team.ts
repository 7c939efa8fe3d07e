// The members of the account, for the inbox's assignment menu (names only, no roles or addresses).
import { db } from '@/lib/db/client'

export async function listInboxTeam(companyId: number) {
  const rows = await db.membership.findMany({
    where: { companyId },
    select: { user: { select: { id: true, firstName: true, lastName: true, email: true } } },
    take: 500,
  })
  return {
    members: rows
      .map(({ user: u }) => ({ id: u.id, name: [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  }
}
