// /settings/other/profile-maintenance: profiles nobody can ever be reached at — no email, no
// phone number, no external id (only an anonymous browser id) — and with no activity for a
// chosen number of days. They count towards the account's profiles and slow segments, but no
// message can reach them. Removing them goes through the data-privacy deletion job, one per
// profile, so it runs in the background with the same cascade as any deletion. A profile that
// was active or identified since the count was shown no longer matches and is kept.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { requestProfileDeletion } from './deletion-jobs'

/** One click removes at most this many; the count shown says how many remain. */
export const CLEANUP_BATCH = 500

export const maintenanceQuery = z.object({
  inactiveDays: z.coerce.number().int().min(30, 'Choose at least 30 days.').max(3650).default(365),
})
export const cleanupBody = z.object({
  inactiveDays: z.number().int().min(30, 'Choose at least 30 days.').max(3650),
  /** The count the user saw: a mismatch means the data changed under them, so nothing is deleted. */
  expected: z.number().int().min(1, 'There is nothing to remove.'),
})

async function dormantWhere(companyId: number, inactiveDays: number, now: Date) {
  const cutoff = new Date(now.getTime() - inactiveDays * 86_400_000)
  // A device push token reaches a profile without any address, so those profiles stay.
  const withDevice = await db.pushToken.findMany({
    where: { companyId },
    distinct: ['profileId'],
    select: { profileId: true },
  })
  return {
    companyId,
    ...(withDevice.length ? { id: { notIn: withDevice.map((d) => d.profileId) } } : {}),
    email: null,
    phoneNumber: null,
    externalId: null,
    createdAt: { lt: cutoff },
    OR: [{ lastEventAt: null }, { lastEventAt: { lt: cutoff } }],
  }
}

export async function describeDormantProfiles(companyId: number, inactiveDays: number, now = new Date()) {
  const where = await dormantWhere(companyId, inactiveDays, now)
  const [total, dormant, sample] = await Promise.all([
    db.profile.count({ where: { companyId } }),
    db.profile.count({ where }),
    db.profile.findMany({
      where,
      orderBy: { createdAt: 'asc' },
      take: 10,
      select: { id: true, anonymousId: true, createdAt: true, lastEventAt: true },
    }),
  ])
  return {
    inactiveDays,
    total,
    dormant,
    batch: CLEANUP_BATCH,
    sample: sample.map((p) => ({
      id: p.id,
      anonymousId: p.anonymousId,
      createdAt: p.createdAt.toISOString(),
      lastEventAt: p.lastEventAt?.toISOString() ?? null,
    })),
  }
}
export type DormantProfilesResponse = Awaited<ReturnType<typeof describeDormantProfiles>>

export async function removeDormantProfiles(companyId: number, input: z.infer<typeof cleanupBody>, now = new Date()) {
  const where = await dormantWhere(companyId, input.inactiveDays, now)
  const count = await db.profile.count({ where })
  if (count !== input.expected)
    return { queued: 0, changed: true as const, ...(await describeDormantProfiles(companyId, input.inactiveDays, now)) }
  const ids = await db.profile.findMany({ where, orderBy: { id: 'asc' }, take: CLEANUP_BATCH, select: { id: true } })
  for (const { id } of ids) await requestProfileDeletion(companyId, { id })
  return {
    queued: ids.length,
    changed: false as const,
    ...(await describeDormantProfiles(companyId, input.inactiveDays, now)),
  }
}
