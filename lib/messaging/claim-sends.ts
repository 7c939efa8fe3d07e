// Claiming a page of a source's Sends for delivery, in one write transaction (Ops): the due
// rows (queued, or deferred until now), the policy decision for each (policy.ts, with the
// profiles' consent, suppressions and recent sends loaded for the whole page), and the result:
// 'sending' with this worker's lease, or 'skipped' / 'deferred' with the reason. The commit of
// 'sending' happens BEFORE any provider call (exactly once: see deliver-sends.ts).
import { sql } from 'kysely'
import { dbEngine } from '@/lib/db/client'
import { exec, inIndexOrder, select, selectFirst, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { companyIdForIds, toBool, toDate } from '@/lib/db/dialect'
import { deliverSources, LaterDeliveries, type DeliverPayload } from './create-sends'
import { decideSend, DEFAULT_POLICY_SETTINGS, type PolicySettings } from './policy'
import { hasPostalAddress } from './postal-address'
import { loadAccountRestrictionsOps } from './account-restrictions'
import { planGate } from './plan-gate'
import { countSegments } from './sms/segments'
import { DELIVERED_LIKE, type Channel, type MessageContent } from './types'

export interface ClaimedProfile {
  id: string
  email: string | null
  phoneNumber: string | null
  externalId: string | null
  firstName: string | null
  lastName: string | null
  organization: string | null
  title: string | null
  city: string | null
  region: string | null
  country: string | null
  zip: string | null
  timezone: string | null
  locale: string | null
  properties: string
}

export interface ClaimedCompany {
  id: number
  name: string
  timezone: string
  currency: string
  websiteUrl: string | null
  addressLine1: string | null
  addressLine2: string | null
  city: string | null
  addressRegion: string | null
  postalCode: string | null
  country: string | null
}

export interface ClaimedSend {
  id: string
  companyId: number
  channel: Channel
  sourceType: string
  sourceId: string
  transactional: boolean
  attempts: number
  content: MessageContent
  context: Record<string, unknown>
  profile: ClaimedProfile
  company: ClaimedCompany
}

export interface ClaimOptions {
  workerId: string
  now: Date
  leaseMs: number
  limit: number
  /** Keyset cursor: only rows after this id (the last id of the previous page). */
  after?: string
}

export interface ClaimedPage {
  sending: ClaimedSend[]
  /** The last row looked at (claimed, skipped or deferred): the next page starts after it. */
  lastId: string | null
}

const WEEK = 7 * 86_400_000

function parse<T>(s: string | null, fallback: T): T {
  if (!s) return fallback
  try {
    return JSON.parse(s) as T
  } catch {
    return fallback
  }
}

export function* loadPolicySettingsOps(companyId: number): Ops<PolicySettings> {
  const row = yield* selectFirst(
    kysely().selectFrom('MessagingSettings').selectAll().where('companyId', '=', companyId),
  )
  if (!row) return DEFAULT_POLICY_SETTINGS
  return {
    smartSendingHours: row.smartSendingHours,
    quietHoursEnabled: toBool(row.quietHoursEnabled),
    quietHoursStart: row.quietHoursStart,
    quietHoursEnd: row.quietHoursEnd,
    frequencyCaps: parse(row.frequencyCaps, {}),
  }
}

export function* claimSendsOps(p: DeliverPayload, o: ClaimOptions): Ops<ClaimedPage> {
  const db = kysely()
  let due = db
    .selectFrom('Send')
    .select(['id', 'sourceId', 'profileId', 'transactional', 'attempts', 'content', 'context'])
    .where('companyId', '=', p.companyId)
    .where('channel', '=', p.channel)
    .where('sourceType', '=', p.sourceType)
    .where('sourceId', 'in', deliverSources(p))
    .where((eb) =>
      eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'deferred'), eb('deferredUntil', '<=', o.now)])]),
    )
    .$if(!!o.after, (q) => q.where('id', '>', o.after!))
    .orderBy('id')
    .limit(o.limit)
  if (dbEngine() === 'postgresql') due = due.forUpdate().skipLocked()
  // One source: its (companyId, sourceType, sourceId, id) index returns the rows in id order, so
  // the claim reads that index and never sorts the source's whole backlog (a campaign's 100,000).
  // Many sources (a batch of flow sends, one Send each): a sort of at most those rows.
  const rows = yield* p.sourceIds ? select(due) : inIndexOrder(select(due))
  if (!rows.length) return { sending: [], lastId: null }
  const profileIds = [...new Set(rows.map((r) => r.profileId))]

  const company = (yield* selectFirst(
    db
      .selectFrom('Company')
      .select([
        'id',
        'name',
        'timezone',
        'currency',
        'websiteUrl',
        'addressLine1',
        'addressLine2',
        'city',
        'addressRegion',
        'postalCode',
        'country',
      ])
      .where('id', '=', p.companyId),
  )) as ClaimedCompany | undefined
  const profiles = new Map(
    (yield* select(
      db
        .selectFrom('Profile')
        .select([
          'id',
          'email',
          'phoneNumber',
          'externalId',
          'firstName',
          'lastName',
          'organization',
          'title',
          'city',
          'region',
          'country',
          'zip',
          'timezone',
          'locale',
          'properties',
        ])
        .where(companyIdForIds(p.companyId))
        .where('id', 'in', profileIds),
    )).map((r) => [r.id, r as ClaimedProfile]),
  )
  const consents = yield* select(
    db
      .selectFrom('ProfileConsent')
      .select(['profileId', 'channel', 'status'])
      .where('companyId', '=', p.companyId)
      .where('profileId', 'in', profileIds),
  )
  const suppressions = yield* select(
    db
      .selectFrom('Suppression')
      .select(['profileId', 'channel', 'reason'])
      .where('companyId', '=', p.companyId)
      .where('profileId', 'in', profileIds)
      .where('clearedAt', 'is', null),
  )
  const settings = yield* loadPolicySettingsOps(p.companyId)
  const restrictions = yield* loadAccountRestrictionsOps(
    p.companyId,
    p.channel,
    [...profiles.values()].map((x) => x.phoneNumber).filter((n): n is string => !!n),
  )
  const since = new Date(o.now.getTime() - Math.max(WEEK, settings.smartSendingHours * 3_600_000))
  const recent = yield* select(
    db
      .selectFrom('Send')
      .select(['profileId', 'sendingAt'])
      .where('companyId', '=', p.companyId)
      .where('channel', '=', p.channel)
      .where('profileId', 'in', profileIds)
      .where('transactional', '=', false)
      .where('status', 'in', DELIVERED_LIKE)
      .where('sendingAt', '>=', since),
  )
  const recentBy = new Map<string, Date[]>()
  for (const r of recent) {
    const at = toDate(r.sendingAt)
    if (at) recentBy.set(r.profileId, [...(recentBy.get(r.profileId) ?? []), at])
  }

  // The plan's allowance: one (cached) usage read per company and page, only when a marketing message is in it.
  const gate = planGate()
  const metered = p.channel === 'email' || p.channel === 'sms'
  const allowance =
    gate &&
    metered &&
    p.sourceType !== 'preview' &&
    p.sourceType !== 'alert' &&
    rows.some((r) => !toBool(r.transactional))
      ? yield* gate.open(p.companyId, p.channel, o.now)
      : null

  const sending: ClaimedSend[] = []
  const skipped = new Map<string, string[]>()
  const deferred = new Map<string, { reason: string; until: Date; ids: string[] }>()
  const later = new LaterDeliveries()
  for (const r of rows) {
    const profile = profiles.get(r.profileId)
    const transactional = toBool(r.transactional)
    const context = parse(r.context, {}) as Record<string, unknown>
    const content = parse(r.content, {}) as MessageContent
    const units = p.channel === 'sms' ? Math.max(1, countSegments(content.text ?? '').segments) : 1
    const decide = () =>
      !profile || !company
        ? ({ action: 'skip', reason: 'no_profile' } as const)
        : // A member's preview goes to the address they typed (render-email.ts), not the profile's,
          // and a flow's internal alert to a staff address: the profile's consent, suppressions and address do not apply.
          p.sourceType === 'preview' || p.sourceType === 'alert'
          ? ({ action: 'send' } as const)
          : decideSend({
              channel: p.channel,
              transactional,
              profile,
              consents: Object.fromEntries(
                consents.filter((c) => c.profileId === r.profileId).map((c) => [c.channel, c.status]),
              ),
              suppressions: suppressions.filter((s) => s.profileId === r.profileId),
              recentMarketingSends: recentBy.get(r.profileId) ?? [],
              settings,
              companyTimeZone: company.timezone,
              senderHasPostalAddress: hasPostalAddress(company),
              now: o.now,
              // A message may turn smart sending off for itself (flows: the message's smart_sending_enabled).
              smartSending: context.$smart_sending_enabled !== false,
              planAllowance: allowance ? { remaining: allowance.remaining(), units } : undefined,
              restrictions: {
                suspended: restrictions.suspended,
                litigator: !!profile.phoneNumber && restrictions.litigators.has(profile.phoneNumber),
                sms: restrictions.sms,
              },
            })
    let decision = decide()
    // At the limit with the account's consent: the next tier, recorded, then the same question again.
    if (decision.action === 'skip' && decision.reason === 'plan_limit' && (yield* allowance!.upgrade()))
      decision = decide()
    if (decision.action === 'send' && allowance && !transactional) allowance.consume(units)
    if (decision.action === 'skip') skipped.set(decision.reason, [...(skipped.get(decision.reason) ?? []), r.id])
    else if (decision.action === 'defer') {
      const key = `${decision.reason}@${decision.until.toISOString()}`
      const d = deferred.get(key) ?? { reason: decision.reason, until: decision.until, ids: [] }
      d.ids.push(r.id)
      deferred.set(key, d)
      // A job at that time for the row's source.
      later.add(p, r.sourceId, decision.until)
    } else {
      if (!transactional) recentBy.set(r.profileId, [...(recentBy.get(r.profileId) ?? []), o.now])
      sending.push({
        id: r.id,
        companyId: p.companyId,
        channel: p.channel,
        sourceType: p.sourceType,
        sourceId: r.sourceId,
        transactional,
        attempts: r.attempts + 1,
        content,
        context,
        profile: profile!,
        company: company!,
      })
    }
  }

  const byIds = (ids: string[]) => db.updateTable('Send').where(companyIdForIds(p.companyId)).where('id', 'in', ids)
  for (const [reason, ids] of skipped) {
    yield* exec(byIds(ids).set({ status: 'skipped', reason, deferredUntil: null, finishedAt: o.now, updatedAt: o.now }))
  }
  for (const d of deferred.values()) {
    yield* exec(byIds(d.ids).set({ status: 'deferred', reason: d.reason, deferredUntil: d.until, updatedAt: o.now }))
  }
  yield* later.enqueueOps(o.now)
  if (allowance) yield* allowance.close()
  if (sending.length) {
    yield* exec(
      byIds(sending.map((s) => s.id)).set({
        status: 'sending',
        reason: null,
        deferredUntil: null,
        lockedBy: o.workerId,
        leaseUntil: new Date(o.now.getTime() + o.leaseMs),
        attempts: sql`attempts + 1`,
        sendingAt: o.now,
        updatedAt: o.now,
      }),
    )
  }
  return { sending, lastId: rows[rows.length - 1]!.id }
}
