// Split executors: conditional-split (the profile filter now), trigger-split (the triggering
// event's properties), multi-branch-split (the first branch whose filter holds, in order, else
// the else branch), ab-test and content-experiment are in experiments.ts.
import type { ProfileFilter } from '@/lib/flows/definition'
import type { Ops } from '@/lib/db/ops'
import { companyZoneOps } from '../cache'
import type { ActionExecutor, StepContext } from '../types'
import { evaluateFilterOps, type ConditionScope } from '../conditions'
import { evaluateEventFilter } from '../event-filter'

export function* scopeOps(ctx: StepContext): Ops<ConditionScope> {
  return {
    companyId: ctx.companyId,
    profileId: ctx.profileId,
    flowId: ctx.flowId,
    runId: ctx.runId,
    actionId: ctx.action.id ?? '',
    version: ctx.version,
    now: ctx.now,
    timeZone: yield* companyZoneOps(ctx.companyId),
  }
}

type Links = { next_if_true?: string | null; next_if_false?: string | null }

export const conditionalSplitExecutor: ActionExecutor = function* (ctx) {
  const data = (ctx.action.data ?? {}) as { profile_filter?: ProfileFilter | null }
  const r = yield* evaluateFilterOps(data.profile_filter, yield* scopeOps(ctx))
  const links = (ctx.action.links ?? {}) as Links
  return {
    kind: 'next',
    next: (r.match ? links.next_if_true : links.next_if_false) ?? null,
    outcome: String(r.match),
    detail: { reasons: r.reasons },
  }
}

export const triggerSplitExecutor: ActionExecutor = function* (ctx) {
  const data = (ctx.action.data ?? {}) as { trigger_filter?: unknown }
  const r = evaluateEventFilter(data.trigger_filter, ctx.triggerEvent?.properties, ctx.now)
  const links = (ctx.action.links ?? {}) as Links
  const match = ctx.triggerEvent ? r.match : false
  return {
    kind: 'next',
    next: (match ? links.next_if_true : links.next_if_false) ?? null,
    outcome: String(match),
    detail: { reasons: ctx.triggerEvent ? r.reasons : ['no triggering event: false'] },
  }
}

export const multiBranchSplitExecutor: ActionExecutor = function* (ctx) {
  const data = (ctx.action.data ?? {}) as {
    branches?: Array<{
      branch_id: string
      order?: number | null
      is_else?: boolean
      branch_filter?: ProfileFilter | null
      links?: { next?: string | null } | null
    }>
  }
  const branches = [...(data.branches ?? [])]
  const ordered = branches.filter((b) => !b.is_else).sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
  const scope = yield* scopeOps(ctx)
  const reasons: string[] = []
  for (const b of ordered) {
    const r = yield* evaluateFilterOps(b.branch_filter, scope)
    reasons.push(`${b.branch_id}: ${r.match}${r.reasons.length ? ` (${r.reasons.join('; ')})` : ''}`)
    if (r.match) return { kind: 'next', next: b.links?.next ?? null, outcome: b.branch_id, detail: { reasons } }
  }
  const otherwise = branches.find((b) => b.is_else)
  return {
    kind: 'next',
    next: otherwise?.links?.next ?? null,
    outcome: otherwise?.branch_id ?? 'else',
    detail: { reasons },
  }
}
