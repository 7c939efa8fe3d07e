// The profile page in one read: identity, custom properties, consent per channel, active
// suppressions, current lists and segments, and the metrics the profile has events for.
import { sql } from 'kysely'
import { db, dbEngine } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import type { Profile } from '@/generated/prisma/client'
import { parseJsonObject } from './parse-json-object'
import {
  CONSENT_CHANNELS,
  type ConsentEntry,
  type ConsentStatus,
  type GroupEntry,
  type MetricCount,
  type ProfileDetail,
  type ProfileIdentity,
  type SuppressionChannel,
  type SuppressionEntry,
} from './profile-detail-types'

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null)

/**
 * `alias.companyId` as a planner hint on SQLite (unary plus: no index on it, so the profile's
 * own index is used); PostgreSQL plans by statistics and reads it plainly.
 */
export const companyOf = (alias: string) =>
  dbEngine() === 'postgresql' ? sql.ref(`${alias}.companyId`) : sql`+${sql.ref(`${alias}.companyId`)}`

export function toIdentity(p: Profile): ProfileIdentity {
  return {
    id: p.id,
    email: p.email,
    phoneNumber: p.phoneNumber,
    externalId: p.externalId,
    anonymousId: p.anonymousId,
    firstName: p.firstName,
    lastName: p.lastName,
    organization: p.organization,
    title: p.title,
    image: p.image,
    locale: p.locale,
    location: {
      address1: p.address1,
      address2: p.address2,
      city: p.city,
      region: p.region,
      zip: p.zip,
      country: p.country,
      latitude: p.latitude,
      longitude: p.longitude,
      timezone: p.timezone,
      ip: p.ip,
    },
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    lastEventAt: iso(p.lastEventAt),
  }
}

/** The profile of this company, or null (unknown id or another company's profile). */
export async function findCompanyProfile(companyId: number, id: string): Promise<Profile | null> {
  return db.profile.findFirst({ where: { id, companyId } })
}

export async function getProfileDetail(companyId: number, id: string): Promise<ProfileDetail | null> {
  const profile = await findCompanyProfile(companyId, id)
  if (!profile) return null
  const [consents, suppressions, memberships, metricRows] = await Promise.all([
    db.profileConsent.findMany({ where: { companyId, profileId: id } }),
    db.suppression.findMany({ where: { companyId, profileId: id, clearedAt: null }, orderBy: { createdAt: 'desc' } }),
    db.groupMembership.findMany({
      where: { companyId, profileId: id, leftAt: null, group: { companyId, deletedAt: null } },
      include: { group: { select: { id: true, name: true, type: true } } },
      orderBy: { enteredAt: 'desc' },
    }),
    // "+e.companyId": SQLite reads through the profile's index, not the whole account's (see list-profile-events).
    read(
      select(
        sql<{ id: string; name: string; count: number | string }>`select m.id as id, m.name as name, count(*) as count
      from "Event" e join "Metric" m on m.id = e."metricId"
      where e."profileId" = ${id} and ${companyOf('e')} = ${companyId} and m."companyId" = ${companyId}
      group by m.id, m.name order by count(*) desc, m.name asc`.compile(kysely()),
      ),
    ),
  ])

  const byChannel = new Map(consents.map((c) => [c.channel, c]))
  const consent: ConsentEntry[] = CONSENT_CHANNELS.map((channel) => {
    const row = byChannel.get(channel)
    return {
      channel,
      status: (row?.status ?? 'never_subscribed') as ConsentStatus,
      method: row?.method ?? null,
      source: row?.source ?? null,
      consentedAt: iso(row?.consentedAt),
      updatedAt: iso(row?.updatedAt),
    }
  })
  const activeSuppressions: SuppressionEntry[] = suppressions.map((s) => ({
    id: s.id,
    channel: s.channel as SuppressionChannel,
    reason: s.reason,
    createdAt: s.createdAt.toISOString(),
  }))
  const groups: GroupEntry[] = memberships.map((m) => ({
    id: m.group.id,
    name: m.group.name,
    kind: m.group.type === 1 ? 'segment' : 'list',
    enteredAt: m.enteredAt.toISOString(),
    source: m.source,
  }))
  const metrics: MetricCount[] = metricRows.map((r) => ({ id: r.id, name: r.name, count: Number(r.count) }))

  return {
    profile: toIdentity(profile),
    properties: parseJsonObject(profile.properties),
    consent,
    suppressions: activeSuppressions,
    groups,
    metrics,
  }
}
