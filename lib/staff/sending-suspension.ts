// Deliverability review (/staff/deliverability): suspend an account's sending with a reason, or
// lift it. While a suspension is open the send policy skips the account's messages as
// 'sending_suspended' (a visible skip on each Send) and the account shows a banner with the reason.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { AppError } from '@/lib/errors/app-error'
import { staffAccountAccess, type StaffActor } from './staff-account-access'

export const suspendSendingBody = z.object({ reason: z.string().trim().min(3).max(1000) })

/** The open suspension of an account, if any (read by the account's banner too). */
export function activeSuspension(companyId: number) {
  return db.sendingSuspension.findFirst({
    where: { companyId, liftedAt: null },
    select: { id: true, reason: true, createdAt: true },
    orderBy: { id: 'desc' },
  })
}

export async function getDeliverabilityReview(actor: StaffActor, companyId: number) {
  await staffAccountAccess(actor, companyId, 'deliverability.view')
  const [history, counts] = await Promise.all([
    db.sendingSuspension.findMany({ where: { companyId }, orderBy: { id: 'desc' }, take: 20 }),
    db.send.groupBy({
      by: ['status'],
      where: { companyId, createdAt: { gte: new Date(Date.now() - 30 * 86_400_000) } },
      _count: { _all: true },
    }),
  ])
  return {
    active: history.find((h) => h.liftedAt === null) ?? null,
    history,
    last30Days: Object.fromEntries(counts.map((c) => [c.status, c._count._all])),
  }
}

export async function suspendSending(actor: StaffActor, companyId: number, reason: string) {
  await staffAccountAccess(actor, companyId, 'deliverability.suspend', { reason })
  if (await activeSuspension(companyId)) throw new AppError('already_suspended', 409, 'Sending is already suspended.')
  const suspension = await db.sendingSuspension.create({ data: { companyId, reason, suspendedById: actor.userId } })
  return { suspension }
}

export async function liftSuspension(actor: StaffActor, companyId: number, now = new Date()) {
  await staffAccountAccess(actor, companyId, 'deliverability.lift')
  const { count } = await db.sendingSuspension.updateMany({
    where: { companyId, liftedAt: null },
    data: { liftedAt: now, liftedById: actor.userId },
  })
  return { lifted: count }
}
