// Executor of the 'action-output-split' action (for lib/flows/engine/executors.ts to map): branches
// on the output of an earlier code action of the same run. The vendor's action_output_filter is
// { condition_groups: [{ conditions: [{ type: 'action-output', output_config_id, field, filter }] }] }
// with output_config_id naming the code action (its id) and field a key of the object the code
// returned as `value` ("value" is the value itself). Groups are ANDed and the conditions of a
// group ORed, with the trigger filters' operators (lib/flows/engine/event-filter.ts). A code
// action that has not run in this run (or failed) has no output: its fields are unset.
import { kysely } from '@/lib/db/kysely'
import { select } from '@/lib/db/ops'
import { evaluateEventFilter } from '@/lib/flows/engine/event-filter'
import type { ActionExecutor } from '@/lib/flows/engine/types'

interface Condition {
  type?: string
  output_config_id?: number | string
  field?: string
  filter?: unknown
}

export const actionOutputSplitExecutor: ActionExecutor = function* (ctx) {
  const data = (ctx.action.data ?? {}) as {
    action_output_filter?: { condition_groups?: Array<{ conditions?: Condition[] }> } | null
  }
  const links = (ctx.action as { links?: { next_if_true?: string | null; next_if_false?: string | null } }).links ?? {}
  const groups = data.action_output_filter?.condition_groups ?? []
  const sources = [
    ...new Set(
      groups.flatMap((g) => (g.conditions ?? []).map((c) => String(c.output_config_id ?? ''))).filter(Boolean),
    ),
  ]
  const outputs: Record<string, Record<string, unknown>> = {}
  if (sources.length) {
    const steps = yield* select(
      kysely()
        .selectFrom('FlowStep')
        .select(['actionId', 'status', 'detail'])
        .where('companyId', '=', ctx.companyId)
        .where('runId', '=', ctx.runId)
        .where('actionId', 'in', sources),
    )
    for (const s of steps) {
      if (s.status !== 'done' || !s.detail) continue
      let value: unknown
      try {
        value = (JSON.parse(s.detail) as { output?: unknown }).output
      } catch {
        continue
      }
      outputs[s.actionId] = {
        ...(value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}),
        value,
      }
    }
  }
  // Each condition's field is read under its code action's id, so one filter can mix several outputs.
  const filter = {
    condition_groups: groups.map((g) => ({
      conditions: (g.conditions ?? []).map((c) => ({
        ...c,
        field: `${String(c.output_config_id ?? '')}.${String(c.field ?? 'value')}`,
      })),
    })),
  }
  const r = evaluateEventFilter(filter, outputs, ctx.now)
  return {
    kind: 'next',
    next: (r.match ? links.next_if_true : links.next_if_false) ?? null,
    outcome: String(r.match),
    detail: { reasons: r.reasons },
  }
}
