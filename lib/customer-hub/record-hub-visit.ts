// A signed-in shopper's visit of the hub, as a Viewed Customer Hub event through ingest (the
// merchant dashboard counts these); one per session per hour at most, by its unique id.
import { acceptEvent } from '@/lib/events/accept-event'

export const VIEWED_HUB = 'Viewed Customer Hub'

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
