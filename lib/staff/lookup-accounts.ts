// Account lookup (/staff): by id, name or a member's e-mail. Names and consent only: what is inside
// an account is behind staffAccountAccess.
import { db } from '@/lib/db/client'
import { z } from 'zod'
import { currentConsent } from '@/lib/auth/staff-consent'
import { recordStaffAction } from './record-staff-action'
import type { StaffActor } from './staff-account-access'

export const lookupAccountsQuery = z.object({ q: z.string().trim().min(1).max(200) })

export async function lookupAccounts(actor: StaffActor, q: string, now = new Date()) {
  const id = /^\d{1,9}$/.test(q) ? Number(q) : null
  const companies = await db.company.findMany({
    where: {
      OR: [
        ...(id ? [{ id }] : []),
        { name: { contains: q } },
        { memberships: { some: { user: { email: { contains: q.toLowerCase() } } } } },
      ],
    },
    select: { id: true, name: true, status: true, planKey: true, createdAt: true },
    orderBy: { id: 'asc' },
    take: 25,
  })
  await recordStaffAction({ staffUserId: actor.userId, action: 'account.lookup', details: { q }, ip: actor.ip })
  return {
    accounts: await Promise.all(
      companies.map(async (c) => {
        const consent = await currentConsent(c.id, now)
        return { ...c, consentUntil: consent?.expiresAt ?? null }
      }),
    ),
  }
}
