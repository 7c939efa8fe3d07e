// ab-test (send-email / send-sms variations) and content-experiment (push / WhatsApp): while
// the experiment is live, a variation is chosen by the hash of (profile, action, flow version)
// and the allocations (weights by variation id or position; equal by default); once completed,
// the winner (or the main action) is sent to everyone. The variation is the step's outcome.
import type { FlowAction } from '@/lib/flows/definition'
import type { ActionExecutor } from '../types'
import { nextOf } from '../types'
import { pickWeighted, unitHash } from '../hash'
import { CHANNEL_OF, messageOfOps, sendForRunOps } from './send-message'

interface ExperimentData {
  experiment_status?: string | null
  main_action?: FlowAction | null
  current_experiment?: {
    id?: string | null
    variations?: FlowAction[]
    allocations?: Record<string, number> | null
    winner_id?: string | null
    winner?: string | null
  } | null
  winner_id?: string | null
}

export function chooseVariation(
  data: ExperimentData,
  profileId: string,
  actionId: string,
  version: number,
): { key: string; action: FlowAction } | null {
  const main = data.main_action ?? null
  const exp = data.current_experiment
  const variations = exp?.variations ?? []
  const all: Array<{ key: string; action: FlowAction }> = []
  if (main) all.push({ key: String(main.id ?? 'main'), action: main })
  variations.forEach((v, i) => all.push({ key: String(v.id ?? v.temporary_id ?? `variation-${i + 1}`), action: v }))
  if (!all.length) return null
  const winner = exp?.winner_id ?? exp?.winner ?? data.winner_id
  if (data.experiment_status === 'completed' || winner) return all.find((a) => a.key === winner) ?? all[0]!
  if (data.experiment_status !== 'live' || all.length === 1) return all[0]!
  const alloc = exp?.allocations ?? {}
  const weight = (key: string, i: number) => {
    const w = alloc[key] ?? alloc[String(i)]
    return typeof w === 'number' ? w : 1
  }
  return pickWeighted(
    all.map((a, i) => ({ item: a, weight: weight(a.key, i) })),
    unitHash(profileId, actionId, version),
  )
}

export const experimentExecutor: ActionExecutor = function* (ctx) {
  const data = (ctx.action.data ?? {}) as ExperimentData
  const choice = chooseVariation(data, ctx.profileId, ctx.action.id ?? '', ctx.version)
  const channel = choice ? CHANNEL_OF[choice.action.type] : undefined
  if (!choice || !channel) {
    return {
      kind: 'next',
      next: nextOf(ctx.action),
      status: 'failed',
      outcome: 'no_variation',
      detail: { reason: 'The experiment has no sendable variation.' },
    }
  }
  // The main action's message is the ab-test action's FlowMessage; variations carry theirs inline.
  const isMain = choice.action === data.main_action
  const { messageId, message } = isMain
    ? yield* messageOfOps(ctx.companyId, { ...choice.action, id: ctx.action.id } as FlowAction)
    : yield* messageOfOps(ctx.companyId, choice.action, false)
  return yield* sendForRunOps(ctx, channel, message, messageId, { variation: choice.key })
}
