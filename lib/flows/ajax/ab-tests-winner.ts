// What the engine reads of an A/B test (the ab-test / content-experiment action executor):
// whether a winner was chosen (by hand with choose_winner, or by the automatic winner rule), and
// the variations with their weights, identified by their message ids (the same ids /ajax uses).
//
//   const winner = yield* winnerOfOps(companyId, actionId)      // inside the step's transaction
//   winner ? send that variation to everyone : split by variationsOf(action) weights (hash of profile, action, version)
//
// With no variations the action's main_action is sent.
import { kysely } from '@/lib/db/kysely'
import { read, selectFirst, type Ops } from '@/lib/db/ops'
import type { FlowAction } from '@/lib/flows/definition'
import { armsOf, experimentOf, type Json } from './messages-lookup'

/** The winner variation's message id of the action's latest experiment, or null (still testing, or no test). */
export function* winnerOfOps(companyId: number, actionId: string): Ops<string | null> {
  const row = yield* selectFirst(
    kysely()
      .selectFrom('FlowAbTest')
      .select(['winnerVariationId', 'status'])
      .where('companyId', '=', companyId)
      .where('actionId', '=', actionId)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(1),
  )
  return row?.winnerVariationId ?? null
}

/** winnerOfOps outside a transaction. */
export function winnerOf(companyId: number, actionId: string): Promise<string | null> {
  return read(winnerOfOps(companyId, actionId))
}

export interface Variation {
  /** The variation's message id ($flow_message of its sends). */
  id: string
  /** Its share, normalised so the weights of all variations add up to 1. */
  weight: number
  /** The send-email / send-sms / … action to execute for it. */
  sendAction: Json
}

/**
 * The variations of an ab-test / content-experiment action with their normalised weights
 * (data.current_experiment.allocations keyed by variation id; none → equal shares).
 */
export function variationsOf(action: FlowAction): Variation[] {
  const arms = armsOf(action)
  if (!arms.length) return []
  const alloc = ((experimentOf(action)?.allocations as Json | undefined) ?? {}) as Json
  const raw = arms.map((a) => ({ id: a.id, w: Number(alloc[a.id]), sendAction: a.sendAction }))
  const known = raw.filter((r) => Number.isFinite(r.w) && r.w >= 0)
  const total = known.reduce((s, r) => s + r.w, 0)
  if (known.length !== raw.length || total <= 0)
    return raw.map((r) => ({ id: r.id, weight: 1 / raw.length, sendAction: r.sendAction }))
  return raw.map((r) => ({ id: r.id, weight: r.w / total, sendAction: r.sendAction }))
}

/** The variation for a point u in [0, 1) (the engine's hash of profile, action and version). */
export function pickVariation(variations: Variation[], u: number): Variation | null {
  let acc = 0
  for (const v of variations) {
    acc += v.weight
    if (u < acc) return v
  }
  return variations[variations.length - 1] ?? null
}
