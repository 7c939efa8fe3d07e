// What the message history of the demo is simulated over, read back from the seeded audience:
// profiles, when each may receive email (from its consent and suppression rows), its store
// events by metric, the Newsletter list's members, and per-profile traits drawn from a hash of
// the profile id (open rate, Apple Mail), so the history is the same on every run.
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { toDate } from '@/lib/db/dialect'
import { createRng } from './prng'

export interface SeedEvent {
  id: number
  profile: number
  ts: number
  value: number | null
}
type EndKind = 'unsubscribed' | 'spam_complaint' | 'bounced'

export interface SeedWorld {
  profileCount: number
  profileId(p: number): string
  metricId(name: string): string | null
  events(metricId: string): SeedEvent[]
  eventTimes(p: number, metricId: string): number[]
  listId(name: string): string | null
  listEntries(listId: string): Array<{ profile: number; atMs: number }>
  mailable(p: number, atMs: number): boolean
  smsMailable(p: number, atMs: number): boolean
  emailEnd(p: number): { kind: EndKind; atMs: number } | null
  openRate(p: number): number
  apple(p: number): boolean
  nextOrderMs(p: number, atMs: number): number | null
  /** The TriggerEvent JSON (lib/flows/engine/types.ts) of these events, for runs still under way. */
  triggerEvents(ids: number[]): Promise<Map<number, string>>
}

const ms = (v: unknown) => toDate(v as string | Date)!.getTime()

export async function loadSeedWorld(companyId: number, nowMs: number): Promise<SeedWorld> {
  const db = kysely()
  // In creation order (then email): the same seed gives the same order in any company, whatever the ids.
  const profiles = await read(
    select(
      db
        .selectFrom('Profile')
        .select(['id', 'createdAt', 'email'])
        .where('companyId', '=', companyId)
        .orderBy('createdAt')
        .orderBy('email')
        .orderBy('id'),
    ),
  )
  const index = new Map(profiles.map((p, i) => [p.id, i]))
  const metrics = await read(select(db.selectFrom('Metric').select(['id', 'name']).where('companyId', '=', companyId)))
  const metricByName = new Map(metrics.map((m) => [m.name, m.id]))

  // Email: [from, until) while the profile may be mailed, and how it ended.
  const windows = new Map<number, { from: number; until: number; end: { kind: EndKind; atMs: number } | null }>()
  const sms = new Map<number, number>()
  const consents = await read(
    select(
      db
        .selectFrom('ProfileConsent')
        .select(['profileId', 'channel', 'status', 'consentedAt'])
        .where('companyId', '=', companyId)
        .where('channel', 'in', ['email_marketing', 'sms_marketing']),
    ),
  )
  const suppressions = await read(
    select(
      db
        .selectFrom('Suppression')
        .select(['profileId', 'reason', 'createdAt'])
        .where('companyId', '=', companyId)
        .where('channel', '=', 'email'),
    ),
  )
  const suppressed = new Map(suppressions.map((s) => [s.profileId, s]))
  for (const c of consents) {
    const p = index.get(c.profileId)
    if (p === undefined || !c.consentedAt) continue
    const at = ms(c.consentedAt)
    if (c.channel === 'sms_marketing') {
      if (c.status === 'subscribed') sms.set(p, at)
      continue
    }
    const sup = suppressed.get(c.profileId)
    if (c.status === 'subscribed') {
      // A bad address bounces on its first message: its window closes a minute after it opened.
      windows.set(
        p,
        sup?.reason === 'bounced'
          ? { from: at, until: at + 60_000, end: { kind: 'bounced', atMs: at } }
          : { from: at, until: Infinity, end: null },
      )
    } else if (c.status === 'unsubscribed') {
      const kind: EndKind = sup?.reason === 'spam_complaint' ? 'spam_complaint' : 'unsubscribed'
      windows.set(p, { from: ms(profiles[p]!.createdAt), until: at, end: at <= nowMs ? { kind, atMs: at } : null })
    }
  }

  const byMetric = new Map<string, SeedEvent[]>()
  const times = new Map<string, number[]>()
  for (const name of ['Placed Order', 'Started Checkout', 'Viewed Product']) {
    const id = metricByName.get(name)
    if (!id) continue
    const rows = await read(
      select(
        db
          .selectFrom('Event')
          .select(['id', 'profileId', 'ts', 'value'])
          .where('companyId', '=', companyId)
          .where('metricId', '=', id)
          .orderBy('ts')
          .orderBy('id'),
      ),
    )
    const list: SeedEvent[] = []
    for (const r of rows) {
      const p = index.get(r.profileId)
      if (p === undefined) continue
      list.push({ id: Number(r.id), profile: p, ts: Number(r.ts), value: r.value == null ? null : Number(r.value) })
      const k = `${p}:${id}`
      ;(times.get(k) ?? times.set(k, []).get(k)!).push(Number(r.ts) * 1000)
    }
    byMetric.set(id, list)
  }
  const orderId = metricByName.get('Placed Order') ?? ''

  const lists = await read(
    select(
      db
        .selectFrom('Group')
        .select(['id', 'name'])
        .where('companyId', '=', companyId)
        .where('type', '=', 0)
        .where('deletedAt', 'is', null)
        .orderBy('createdAt'),
    ),
  )
  const members = new Map<string, Array<{ profile: number; atMs: number }>>()
  for (const l of lists) {
    const rows = await read(
      select(
        db
          .selectFrom('GroupMembership')
          .select(['profileId', 'enteredAt'])
          .where('companyId', '=', companyId)
          .where('groupId', '=', l.id),
      ),
    )
    members.set(
      l.id,
      rows
        .flatMap((r) => {
          const p = index.get(r.profileId)
          return p === undefined ? [] : [{ profile: p, atMs: ms(r.enteredAt) }]
        })
        .sort((a, b) => a.atMs - b.atMs || a.profile - b.profile),
    )
  }
  const traits = profiles.map((p) => {
    const r = createRng(`open-rate/${p.email ?? p.id}`)
    // Most people open now and then; a few open nearly everything, some never.
    const openRate = r.chance(0.15) ? 0.02 : Math.min(0.8, r.logNormal(0.22, 0.6))
    return { openRate, apple: r.chance(0.3) }
  })

  return {
    profileCount: profiles.length,
    profileId: (p) => profiles[p]!.id,
    metricId: (name) => metricByName.get(name) ?? null,
    events: (metricId) => byMetric.get(metricId) ?? [],
    eventTimes: (p, metricId) => times.get(`${p}:${metricId}`) ?? [],
    listId: (name) => lists.find((l) => l.name === name)?.id ?? null,
    listEntries: (listId) => members.get(listId) ?? [],
    mailable: (p, at) => {
      const w = windows.get(p)
      return !!w && at >= w.from && at < w.until
    },
    smsMailable: (p, at) => {
      const from = sms.get(p)
      return from !== undefined && at >= from
    },
    emailEnd: (p) => windows.get(p)?.end ?? null,
    openRate: (p) => traits[p]!.openRate,
    apple: (p) => traits[p]!.apple,
    nextOrderMs: (p, at) => {
      const t = times.get(`${p}:${orderId}`)
      if (!t) return null
      let lo = 0,
        hi = t.length
      while (lo < hi) {
        const mid = (lo + hi) >> 1
        if (t[mid]! <= at) lo = mid + 1
        else hi = mid
      }
      return lo < t.length ? t[lo]! : null
    },
    triggerEvents: async (ids) => {
      const out = new Map<number, string>()
      const names = new Map(metrics.map((m) => [m.id, m.name]))
      for (let i = 0; i < ids.length; i += 500) {
        const rows = await read(
          select(
            db
              .selectFrom('Event')
              .select(['id', 'metricId', 'ts', 'value', 'properties'])
              .where('companyId', '=', companyId)
              .where('id', 'in', ids.slice(i, i + 500)),
          ),
        )
        for (const r of rows) {
          out.set(
            Number(r.id),
            JSON.stringify({
              id: Number(r.id),
              metricId: r.metricId,
              metric: names.get(r.metricId) ?? null,
              properties: JSON.parse(String(r.properties ?? '{}')),
              time: new Date(Number(r.ts) * 1000).toISOString(),
              value: r.value == null ? null : Number(r.value),
            }),
          )
        }
      }
      return out
    },
  }
}
