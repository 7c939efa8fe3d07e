// What the mobile SDK polls (GET /client/in-app-messages): the live in-app messages of the
// company whose window is open now and whose audience (a list or segment) the profile is in,
// for a profile named by one identifier. An unknown profile sees only messages for everyone;
// nothing tells the caller whether a profile exists.
import { db } from '@/lib/db/client'
import { forSdk, parseDefinition } from './in-app-definition'

export interface ProfileRef {
  id?: string
  email?: string
  phoneNumber?: string
  externalId?: string
  anonymousId?: string
}

export async function findProfileId(companyId: number, ref: ProfileRef): Promise<string | null> {
  const or = [
    ref.id ? { id: ref.id } : null,
    ref.email ? { email: ref.email.trim().toLowerCase() } : null,
    ref.phoneNumber ? { phoneNumber: ref.phoneNumber } : null,
    ref.externalId ? { externalId: ref.externalId } : null,
    ref.anonymousId ? { anonymousId: ref.anonymousId } : null,
  ].filter((x) => x !== null)
  if (!or.length) return null
  const p = await db.profile.findFirst({ where: { companyId, OR: or }, select: { id: true } })
  return p?.id ?? null
}

export async function inAppMessagesFor(companyId: number, ref: ProfileRef, now = new Date()) {
  const profileId = await findProfileId(companyId, ref)
  const live = await db.inAppMessage.findMany({
    where: {
      companyId,
      status: 'live',
      AND: [
        { OR: [{ startsAt: null }, { startsAt: { lte: now } }] },
        { OR: [{ endsAt: null }, { endsAt: { gt: now } }] },
      ],
    },
    orderBy: { updatedAt: 'desc' },
    take: 50,
  })
  const audiences = [...new Set(live.map((m) => m.audienceId).filter((a): a is string => !!a))]
  const memberOf = new Set(
    profileId && audiences.length
      ? (
          await db.groupMembership.findMany({
            where: { companyId, profileId, groupId: { in: audiences }, leftAt: null },
            select: { groupId: true },
          })
        ).map((m) => m.groupId)
      : [],
  )
  return live
    .filter((m) => !m.audienceId || memberOf.has(m.audienceId))
    .map((m) => ({ id: m.id, name: m.name, ...forSdk(parseDefinition(m.definition)) }))
}
