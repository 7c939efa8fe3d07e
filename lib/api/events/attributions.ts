// The vendor's event attributions (GET /api/events?include=attributions, /api/events/{id}?include=
// attributions): for a conversion that a message earned (lib/attribution's EventAttribution row),
// one `attribution` resource naming the campaign and campaign message, or the flow and flow
// message (and A/B variation) that earned it. An event that no message earned has none.
import { db } from '@/lib/db/client'
import type { EventAttribution } from '@/generated/prisma/client'
import { apiLink, relationshipLinks } from '../json-api'

export interface AttributionRow extends EventAttribution {
  /** The flow message of the attributed flow action (the id /api/flow-messages uses). */
  flowMessageId: string | null
}

/** The attributions of some events of one company, by event id. */
export async function attributionsOf(companyId: number, eventIds: number[]): Promise<Map<number, AttributionRow>> {
  if (!eventIds.length) return new Map()
  const rows = await db.eventAttribution.findMany({ where: { companyId, eventId: { in: eventIds } } })
  const actionIds = [...new Set(rows.filter((r) => r.sourceType === 'flow').map((r) => r.messageId))]
  const messages = actionIds.length
    ? await db.flowMessage.findMany({
        where: { companyId, actionId: { in: actionIds } },
        select: { id: true, actionId: true },
        orderBy: { createdAt: 'asc' },
      })
    : []
  const messageOf = new Map<string, string>()
  for (const m of messages) if (!messageOf.has(m.actionId)) messageOf.set(m.actionId, m.id)
  return new Map(
    rows.map((r) => [
      r.eventId,
      { ...r, flowMessageId: r.sourceType === 'flow' ? (messageOf.get(r.messageId) ?? null) : null },
    ]),
  )
}

export const attributionId = (r: Pick<EventAttribution, 'eventId' | 'sendId'>) => `${r.eventId}-${r.sendId}`

export function serializeAttribution(url: URL, r: AttributionRow) {
  const id = attributionId(r)
  const rel = (name: string, type: string, relId: string | null) =>
    relId ? { [name]: { data: { type, id: relId }, ...relationshipLinks(url, 'attributions', id, name) } } : {}
  return {
    type: 'attribution' as const,
    id,
    relationships: {
      ...rel('event', 'event', String(r.eventId)),
      ...(r.sourceType === 'campaign'
        ? { ...rel('campaign', 'campaign', r.campaignId), ...rel('campaign-message', 'campaign-message', r.messageId) }
        : { ...rel('flow', 'flow', r.flowId), ...rel('flow-message', 'flow-message', r.flowMessageId) }),
    },
    links: { self: apiLink(url, `/attributions/${id}/`) },
  }
}

/** The event's `attributions` relationship (its data is empty when no message earned it). */
export function attributionsRelationship(url: URL, eventId: string, r: AttributionRow | undefined) {
  return {
    data: r ? [{ type: 'attribution', id: attributionId(r) }] : [],
    ...relationshipLinks(url, 'events', eventId, 'attributions'),
  }
}
