// The operator's plan editor (staff): a plan's name, tier, limits, price and whether it is offered.
// A plan's key and channel never change once made (subscriptions and invoices refer to them).
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { AppError } from '@/lib/errors/app-error'
import { ensureDefaultPlans, toPlan } from './plans'

const count = z.number().int().min(0).max(1_000_000_000).nullable().optional()
export const savePlanBody = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,59}$/, 'Use lower-case letters, digits and dashes.'),
  name: z.string().trim().min(1, 'Enter a name.').max(100),
  channel: z.enum(['email', 'sms', 'addon']),
  tierIndex: z.number().int().min(0).max(1000),
  activeProfilesLimit: count,
  monthlySendsLimit: count,
  smsCredits: count,
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'Use the two-letter country code.')
    .transform((c) => c.toUpperCase())
    .nullable()
    .optional(),
  priceCents: z.number().int().min(0).max(100_000_000),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'Use the three-letter currency code.')
    .transform((c) => c.toUpperCase()),
  interval: z.enum(['month', 'year']),
  active: z.boolean(),
  stripePriceId: z.string().trim().max(100).nullable().optional(),
})
export type SavePlanInput = z.infer<typeof savePlanBody>

/** The fields a save changed (before → after), for the staff audit; empty for a new plan. */
export type PlanChanges = Record<string, { from: unknown; to: unknown }>

export async function savePlan(p: SavePlanInput) {
  await ensureDefaultPlans()
  const existing = await db.billingPlan.findUnique({ where: { key: p.key } })
  if (existing && existing.channel !== p.channel)
    throw new AppError('invalid', 400, 'A plan keeps its channel.', { channel: ['A plan keeps its channel.'] })
  const data = {
    ...p,
    activeProfilesLimit: p.activeProfilesLimit ?? null,
    monthlySendsLimit: p.monthlySendsLimit ?? null,
    smsCredits: p.smsCredits ?? null,
    country: p.country ?? null,
    stripePriceId: p.stripePriceId ?? null,
  }
  const row = await db.billingPlan.upsert({ where: { key: p.key }, create: data, update: data })
  const plan = toPlan(row as unknown as Record<string, unknown>)
  const changes: PlanChanges = {}
  if (existing) {
    const before = toPlan(existing as unknown as Record<string, unknown>)
    for (const k of Object.keys(data) as Array<keyof typeof plan>)
      if (before[k] !== plan[k]) changes[k] = { from: before[k], to: plan[k] }
  }
  return { plan, created: !existing, changes }
}
