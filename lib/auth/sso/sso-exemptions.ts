// /sso/exemption-list: the members of the account who may still sign in with a password.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'

export const exemptionBody = z.object({ userId: z.number().int().positive().max(2_147_483_647) })

export async function listExemptions(companyId: number) {
  const members = await db.membership.findMany({
    where: { companyId },
    select: { role: true, user: { select: { id: true, email: true, firstName: true, lastName: true } } },
    orderBy: { id: 'asc' },
  })
  const exempt = new Set(
    (await db.ssoExemption.findMany({ where: { companyId }, select: { userId: true } })).map((e) => e.userId),
  )
  return { members: members.map((m) => ({ ...m.user, role: m.role, exempt: exempt.has(m.user.id) })) }
}

export async function addExemption(companyId: number, userId: number, createdById: number) {
  const member = await db.membership.findUnique({ where: { userId_companyId: { userId, companyId } } })
  if (!member) throw notFound('There is no such member.')
  await db.ssoExemption.upsert({
    where: { companyId_userId: { companyId, userId } },
    create: { companyId, userId, createdById },
    update: {},
  })
  return listExemptions(companyId)
}

export async function removeExemption(companyId: number, userId: number) {
  await db.ssoExemption.deleteMany({ where: { companyId, userId } })
  return listExemptions(companyId)
}
