// The profile's own sub-pages (seed 001 §2.17: /profile/{id}/activity-log, campaigns,
// lists-and-segments, metrics), each one read of rows the product already keeps: membership
// changes and consent for the activity log, Sends for the messages, GroupMembership for the
// lists and segments, Events grouped by metric for the metrics. Every query names the company.
import { db } from '@/lib/db/client'

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null)

export interface ActivityEntry {
  at: string
  kind: 'profile_created' | 'profile_updated' | 'group_entered' | 'group_left' | 'consent'
  groupId?: string
  groupName?: string
  groupType?: 'list' | 'segment'
  channel?: string
  status?: string
  method?: string | null
  source?: string | null
}

const groupType = (t: number) => (t === 1 ? 'segment' : 'list') as 'list' | 'segment'

/** Newest first; at most `limit` entries. */
export async function profileActivityLog(companyId: number, profileId: string, limit = 200): Promise<ActivityEntry[]> {
  const [profile, changes, consents] = await Promise.all([
    db.profile.findFirst({ where: { id: profileId, companyId }, select: { createdAt: true, updatedAt: true } }),
    db.groupMembershipChange.findMany({
      where: { companyId, profileId },
      orderBy: [{ at: 'desc' }, { id: 'desc' }],
      take: limit,
    }),
    db.profileConsent.findMany({ where: { companyId, profileId } }),
  ])
  if (!profile) return []
  const groups = await db.group.findMany({
    where: { companyId, id: { in: [...new Set(changes.map((c) => c.groupId))] } },
    select: { id: true, name: true, type: true },
  })
  const byId = new Map(groups.map((g) => [g.id, g]))
  const out: ActivityEntry[] = [
    { at: profile.createdAt.toISOString(), kind: 'profile_created' },
    ...(profile.updatedAt.getTime() > profile.createdAt.getTime() + 1000
      ? [{ at: profile.updatedAt.toISOString(), kind: 'profile_updated' as const }]
      : []),
    ...changes.map((c) => {
      const g = byId.get(c.groupId)
      return {
        at: c.at.toISOString(),
        kind: c.kind === 'left' ? ('group_left' as const) : ('group_entered' as const),
        groupId: c.groupId,
        groupName: g?.name,
        groupType: g ? groupType(g.type) : undefined,
      }
    }),
    ...consents.map((c) => ({
      at: (c.consentedAt ?? c.updatedAt).toISOString(),
      kind: 'consent' as const,
      channel: c.channel,
      status: c.status,
      method: c.method,
      source: c.source,
    })),
  ]
  return out.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, limit)
}

export interface ProfileMessage {
  id: string
  at: string
  channel: string
  status: string
  reason: string | null
  subject: string | null
  source: 'campaign' | 'flow' | 'other'
  sourceName: string | null
  /** The campaign's or flow's id, for a link to its report. */
  sourceRef: string | null
}

export interface ProfileMessagesPage {
  messages: ProfileMessage[]
  next: string | null
}

/** The messages sent (or skipped) to the profile, newest first, 50 a page (cursor: the last createdAt|id). */
export async function profileMessages(
  companyId: number,
  profileId: string,
  cursor?: string | null,
  pageSize = 50,
): Promise<ProfileMessagesPage> {
  const [atIso, afterId] = cursor ? cursor.split('|') : []
  const at = atIso ? new Date(atIso) : null
  const where = {
    companyId,
    profileId,
    sourceType: { in: ['campaign_message', 'flow_action_run', 'transactional'] },
    ...(at && !Number.isNaN(at.getTime()) && afterId
      ? { OR: [{ createdAt: { lt: at } }, { createdAt: at, id: { lt: afterId } }] }
      : {}),
  }
  const rows = await db.send.findMany({
    where,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: pageSize + 1,
    select: {
      id: true,
      createdAt: true,
      channel: true,
      status: true,
      reason: true,
      subject: true,
      sourceType: true,
      sourceId: true,
    },
  })
  const page = rows.slice(0, pageSize)
  const messageIds = page.filter((r) => r.sourceType === 'campaign_message').map((r) => r.sourceId)
  const actionIds = page.filter((r) => r.sourceType === 'flow_action_run').map((r) => r.sourceId.split(':')[0]!)
  const [messages, actions] = await Promise.all([
    messageIds.length
      ? db.campaignMessage.findMany({
          where: { companyId, id: { in: [...new Set(messageIds)] } },
          select: { id: true, campaignId: true },
        })
      : [],
    actionIds.length
      ? db.flowAction.findMany({
          where: { companyId, id: { in: [...new Set(actionIds)] } },
          select: { id: true, flowId: true },
        })
      : [],
  ])
  const campaignOf = new Map(messages.map((m) => [m.id, m.campaignId]))
  const flowOf = new Map(actions.map((a) => [a.id, a.flowId]))
  const [campaigns, flows] = await Promise.all([
    db.campaign.findMany({
      where: { companyId, id: { in: [...new Set(campaignOf.values())] } },
      select: { id: true, name: true },
    }),
    db.flow.findMany({
      where: { companyId, id: { in: [...new Set(flowOf.values())] } },
      select: { id: true, name: true },
    }),
  ])
  const campaignName = new Map(campaigns.map((c) => [c.id, c.name]))
  const flowName = new Map(flows.map((f) => [f.id, f.name]))
  const last = page[page.length - 1]
  return {
    messages: page.map((r) => {
      const campaignId = r.sourceType === 'campaign_message' ? (campaignOf.get(r.sourceId) ?? null) : null
      const flowId = r.sourceType === 'flow_action_run' ? (flowOf.get(r.sourceId.split(':')[0]!) ?? null) : null
      return {
        id: r.id,
        at: r.createdAt.toISOString(),
        channel: r.channel,
        status: r.status,
        reason: r.reason,
        subject: r.subject,
        source: campaignId ? 'campaign' : flowId ? 'flow' : 'other',
        sourceName: campaignId
          ? (campaignName.get(campaignId) ?? null)
          : flowId
            ? (flowName.get(flowId) ?? null)
            : null,
        sourceRef: campaignId ?? flowId,
      }
    }),
    next: rows.length > pageSize && last ? `${last.createdAt.toISOString()}|${last.id}` : null,
  }
}

export interface ProfileGroupRow {
  groupId: string
  name: string
  type: 'list' | 'segment'
  enteredAt: string
  leftAt: string | null
  source: string | null
}

/** Every list and segment the profile is or was in: current ones first, then by entry, newest first. */
export async function profileGroups(companyId: number, profileId: string): Promise<ProfileGroupRow[]> {
  const rows = await db.groupMembership.findMany({
    where: { companyId, profileId },
    include: { group: { select: { name: true, type: true, companyId: true } } },
    orderBy: [{ enteredAt: 'desc' }, { id: 'desc' }],
    take: 500,
  })
  return rows
    .filter((r) => r.group.companyId === companyId)
    .map((r) => ({
      groupId: r.groupId,
      name: r.group.name,
      type: groupType(r.group.type),
      enteredAt: r.enteredAt.toISOString(),
      leftAt: iso(r.leftAt),
      source: r.source,
    }))
    .sort((a, b) => Number(a.leftAt !== null) - Number(b.leftAt !== null))
}

export interface ProfileMetricRow {
  metricId: string
  name: string
  count: number
  value: number
  first: string
  last: string
}

/** The profile's events per metric: how many, their value, the first and the last. */
export async function profileMetrics(companyId: number, profileId: string): Promise<ProfileMetricRow[]> {
  const grouped = await db.event.groupBy({
    by: ['metricId'],
    where: { companyId, profileId },
    _count: { _all: true },
    _sum: { value: true },
    _min: { ts: true },
    _max: { ts: true },
  })
  const metrics = await db.metric.findMany({
    where: { companyId, id: { in: grouped.map((g) => g.metricId) } },
    select: { id: true, name: true },
  })
  const name = new Map(metrics.map((m) => [m.id, m.name]))
  return grouped
    .filter((g) => name.has(g.metricId))
    .map((g) => ({
      metricId: g.metricId,
      name: name.get(g.metricId)!,
      count: g._count._all,
      value: Math.round((g._sum.value ?? 0) * 100) / 100,
      first: new Date((g._min.ts ?? 0) * 1000).toISOString(),
      last: new Date((g._max.ts ?? 0) * 1000).toISOString(),
    }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
}
