// Plans as data (issue 26 §1): the free plan, email tiers by active profiles and emails per month,
// SMS tiers by segments per month for a country, and add-ons. The defaults below are written
// once into BillingPlan (the operator edits them there); a channel's tiers are ordered by
// tierIndex, and an auto-upgrade moves to the next active one.
import { db } from '@/lib/db/client'
import { select, selectFirst, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { toBool } from '@/lib/db/dialect'

export type PlanChannel = 'email' | 'sms' | 'addon'

export interface Plan {
  key: string
  name: string
  channel: PlanChannel
  tierIndex: number
  activeProfilesLimit: number | null
  monthlySendsLimit: number | null
  smsCredits: number | null
  country: string | null
  priceCents: number
  currency: string
  interval: string
  active: boolean
  stripePriceId: string | null
}

/** The email plan of an account without one, and the SMS plan of an account that never bought SMS. */
export const FREE_EMAIL_PLAN = 'free'
export const FREE_SMS_PLAN = 'sms-free'

const email = (
  profiles: number,
  sends: number,
  dollars: number,
  tier: number,
): Omit<Plan, 'active' | 'stripePriceId'> => ({
  key: `email-${profiles}`,
  name: `Email ${profiles.toLocaleString('en-US')}`,
  channel: 'email',
  tierIndex: tier,
  activeProfilesLimit: profiles,
  monthlySendsLimit: sends,
  smsCredits: null,
  country: null,
  priceCents: dollars * 100,
  currency: 'USD',
  interval: 'month',
})
const sms = (credits: number, dollars: number, tier: number): Omit<Plan, 'active' | 'stripePriceId'> => ({
  key: tier === 0 ? FREE_SMS_PLAN : `sms-${credits}`,
  name: tier === 0 ? 'SMS free' : `SMS ${credits.toLocaleString('en-US')}`,
  channel: 'sms',
  tierIndex: tier,
  activeProfilesLimit: null,
  monthlySendsLimit: null,
  smsCredits: credits,
  country: 'US',
  priceCents: dollars * 100,
  currency: 'USD',
  interval: 'month',
})

export const DEFAULT_PLANS: Array<Omit<Plan, 'active' | 'stripePriceId'>> = [
  { ...email(250, 500, 0, 0), key: FREE_EMAIL_PLAN, name: 'Free' },
  email(500, 5_000, 20, 1),
  email(1_000, 10_000, 30, 2),
  email(2_500, 25_000, 60, 3),
  email(5_000, 50_000, 100, 4),
  email(10_000, 100_000, 150, 5),
  email(25_000, 250_000, 400, 6),
  email(50_000, 500_000, 720, 7),
  email(100_000, 1_000_000, 1_380, 8),
  sms(150, 0, 0),
  sms(1_250, 15, 1),
  sms(2_500, 30, 2),
  sms(5_000, 60, 3),
  sms(10_000, 120, 4),
  sms(25_000, 300, 5),
  {
    key: 'addon-reviews',
    name: 'Reviews',
    channel: 'addon',
    tierIndex: 0,
    activeProfilesLimit: null,
    monthlySendsLimit: null,
    smsCredits: null,
    country: null,
    priceCents: 1_500,
    currency: 'USD',
    interval: 'month',
  },
]

type Row = Record<string, unknown>
export const toPlan = (r: Row): Plan => ({
  key: String(r.key),
  name: String(r.name),
  channel: r.channel as PlanChannel,
  tierIndex: Number(r.tierIndex),
  activeProfilesLimit: r.activeProfilesLimit == null ? null : Number(r.activeProfilesLimit),
  monthlySendsLimit: r.monthlySendsLimit == null ? null : Number(r.monthlySendsLimit),
  smsCredits: r.smsCredits == null ? null : Number(r.smsCredits),
  country: (r.country as string | null) ?? null,
  priceCents: Number(r.priceCents),
  currency: String(r.currency),
  interval: String(r.interval),
  active: toBool(r.active),
  stripePriceId: (r.stripePriceId as string | null) ?? null,
})

let seeded = false
/** Writes the default plans when the table is empty (a fresh install); an operator's edits stay. */
export async function ensureDefaultPlans(): Promise<void> {
  if (seeded) return
  if ((await db.billingPlan.count()) === 0) {
    for (const p of DEFAULT_PLANS)
      await db.billingPlan.upsert({ where: { key: p.key }, create: { ...p, active: true }, update: {} })
  }
  seeded = true
}

/** Every plan, a channel's tiers in order. */
export async function listPlans(opts: { channel?: PlanChannel; activeOnly?: boolean } = {}): Promise<Plan[]> {
  await ensureDefaultPlans()
  const rows = await db.billingPlan.findMany({
    where: { ...(opts.channel ? { channel: opts.channel } : {}), ...(opts.activeOnly ? { active: true } : {}) },
    orderBy: [{ channel: 'asc' }, { tierIndex: 'asc' }],
  })
  return rows.map((r) => toPlan(r as unknown as Row))
}

export function* planOps(key: string): Ops<Plan | null> {
  const row = yield* selectFirst(kysely().selectFrom('BillingPlan').selectAll().where('key', '=', key))
  if (row) return toPlan(row as Row)
  const fallback = DEFAULT_PLANS.find((p) => p.key === key)
  return fallback ? { ...fallback, active: true, stripePriceId: null } : null
}

/** The channel's next active tier above `plan`, or null at the top. */
export function* nextTierOps(plan: Plan): Ops<Plan | null> {
  const rows = yield* select(
    kysely()
      .selectFrom('BillingPlan')
      .selectAll()
      .where('channel', '=', plan.channel)
      .where('tierIndex', '>', plan.tierIndex)
      .orderBy('tierIndex')
      .limit(10),
  )
  const next = rows
    .map((r) => toPlan(r as Row))
    .find((p) => p.active && (plan.channel !== 'sms' || p.country === plan.country))
  if (next) return next
  if (rows.length) return null
  const d = DEFAULT_PLANS.filter((p) => p.channel === plan.channel && p.tierIndex > plan.tierIndex)[0]
  return d ? { ...d, active: true, stripePriceId: null } : null
}

/** A channel's monthly allowance in units (emails, SMS segments); null = unlimited. */
export const planAllowance = (plan: Plan): number | null =>
  plan.channel === 'email' ? plan.monthlySendsLimit : plan.channel === 'sms' ? plan.smsCredits : null
