// The identity explorer (/people/identity-explorer): the profiles of a company that carry an
// identifier (email, phone number, external id, anonymous id or profile id), and the profiles
// merged into each, read from the 'Merged Profile' events the merge writes on the kept profile
// (the merged profile itself is deleted, so those events are its only trace).
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { MERGED_PROFILE_METRIC } from './merge-profiles'

export const IDENTIFIER_KINDS = ['any', 'email', 'phone_number', 'external_id', 'anonymous_id', 'id'] as const

export const exploreIdentityQuery = z.object({
  identifier: z.string().trim().min(1, 'Enter an identifier.').max(255),
  kind: z.enum(IDENTIFIER_KINDS).default('any'),
})
export type ExploreIdentityQuery = z.infer<typeof exploreIdentityQuery>

export interface IdentityMatch {
  id: string
  email: string | null
  phoneNumber: string | null
  externalId: string | null
  anonymousId: string | null
  firstName: string | null
  lastName: string | null
  createdAt: string
  /** Which identifiers of this profile equal the one searched for. */
  matchedOn: string[]
  merges: Array<{ mergedProfileId: string | null; at: string }>
}

const MAX_MATCHES = 20
const MAX_MERGES = 50

export async function exploreIdentity(companyId: number, q: ExploreIdentityQuery): Promise<{ data: IdentityMatch[] }> {
  const v = q.identifier
  const email = v.toLowerCase()
  const or = [
    ...(q.kind === 'any' || q.kind === 'email' ? [{ email }, { email: v }] : []),
    ...(q.kind === 'any' || q.kind === 'phone_number' ? [{ phoneNumber: v }] : []),
    ...(q.kind === 'any' || q.kind === 'external_id' ? [{ externalId: v }] : []),
    ...(q.kind === 'any' || q.kind === 'anonymous_id' ? [{ anonymousId: v }] : []),
    ...(q.kind === 'any' || q.kind === 'id' ? [{ id: v }] : []),
  ]
  const profiles = await db.profile.findMany({
    where: { companyId, OR: or },
    select: {
      id: true,
      email: true,
      phoneNumber: true,
      externalId: true,
      anonymousId: true,
      firstName: true,
      lastName: true,
      createdAt: true,
    },
    orderBy: { createdAt: 'asc' },
    take: MAX_MATCHES,
  })
  if (!profiles.length) return { data: [] }
  const metric = await db.metric.findUnique({
    where: { companyId_name: { companyId, name: MERGED_PROFILE_METRIC } },
    select: { id: true },
  })
  const events = metric
    ? await db.event.findMany({
        where: { companyId, metricId: metric.id, profileId: { in: profiles.map((p) => p.id) } },
        select: { profileId: true, ts: true, properties: true },
        orderBy: { ts: 'desc' },
        take: MAX_MERGES * profiles.length,
      })
    : []
  return {
    data: profiles.map((p) => ({
      ...p,
      createdAt: p.createdAt.toISOString(),
      matchedOn: [
        p.email !== null && (p.email === v || p.email === email) ? 'email' : null,
        p.phoneNumber === v ? 'phone_number' : null,
        p.externalId === v ? 'external_id' : null,
        p.anonymousId === v ? 'anonymous_id' : null,
        p.id === v ? 'id' : null,
      ].filter((x): x is string => x !== null),
      merges: events
        .filter((e) => e.profileId === p.id)
        .slice(0, MAX_MERGES)
        .map((e) => ({ mergedProfileId: mergedIdOf(e.properties), at: new Date(e.ts * 1000).toISOString() })),
    })),
  }
}

function mergedIdOf(properties: string): string | null {
  try {
    const p = JSON.parse(properties) as { merged_profile_id?: unknown }
    return typeof p.merged_profile_id === 'string' ? p.merged_profile_id : null
  } catch {
    return null
  }
}
