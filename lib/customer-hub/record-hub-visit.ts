// A signed-in shopper's visits and sign-ins of the hub, as events through ingest (the merchant
// dashboard counts these); a visit once per profile per hour at most, by its unique id.
import { acceptEvent } from '@/lib/events/accept-event'

export const VIEWED_HUB = 'Viewed Customer Hub'
export const SIGNED_IN_HUB = 'Signed In to Customer Hub'

/** A sign-in as an event: it outlives the short session rows the worker prunes. */
export async function recordHubSignIn(companyId: number, profileId: string, sessionKey: string, now = new Date()) {
  await acceptEvent(companyId, {
    metric: { name: SIGNED_IN_HUB },
    profile: { id: profileId },
    properties: {},
    time: now,
    uniqueId: `hub-sign-in:${sessionKey}`,
  })
}

export async function recordHubVisit(companyId: number, profileId: string, now = new Date()) {
  const hour = Math.floor(now.getTime() / 3_600_000)
  await acceptEvent(companyId, {
    metric: { name: VIEWED_HUB },
    profile: { id: profileId },
    properties: {},
    time: now,
    uniqueId: `hub-visit:${profileId}:${hour}`,
  })
}
