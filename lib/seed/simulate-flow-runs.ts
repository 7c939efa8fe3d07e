// A year of journeys through the demo's live flows, walked the way the engine walks them
// (lib/flows/engine): each trigger enters a run unless the flow's re-entry rule refuses it, a
// delay moves the clock, a "not done since the flow started" split reads the profile's events,
// a send-email step sends when the profile may receive email at that moment. Runs whose next
// step is still in the future stay active at it, for the real engine to carry on. Pure: rows
// out, written by seed-messages.ts.
import type { FlowAction, FlowDefinition } from '@/lib/flows/definition'
import { DAY_MS } from './calendar'

const UNIT_MS: Record<string, number> = {
  minutes: 60_000,
  hours: 3_600_000,
  days: DAY_MS,
  weeks: 7 * DAY_MS,
  hour: 3_600_000,
  day: DAY_MS,
  week: 7 * DAY_MS,
}

export interface FlowEntry {
  profile: number
  atMs: number
  entryKey: string
  eventId: number | null
}

export interface FlowSpec {
  flowId: string
  version: number
  triggerKind: 'metric' | 'list'
  definition: FlowDefinition
  /** Per send-email action: its FlowMessage id and subject. */
  messages: Map<string, { id: string; subject: string }>
}

export interface SimRun {
  id: string
  profile: number
  entryKey: string
  eventId: number | null
  createdMs: number
  status: 'completed' | 'active'
  currentActionId: string | null
  wakeMs: number | null
  finishedMs: number | null
  stepCount: number
}
export interface SimStep {
  runId: string
  profile: number
  actionId: string
  actionType: string
  status: string
  outcome: string | null
  detail: string
  atMs: number
}
export interface SimFlowSend {
  id: string
  runId: string
  actionId: string
  messageId: string
  subject: string
  profile: number
  atMs: number
}

export interface FlowWorld {
  nowMs: number
  /** Sorted event times (ms) of a profile for a metric id. */
  eventTimes(profile: number, metricId: string): number[]
  /** Whether the profile may get marketing email at that time. */
  mailable(profile: number, atMs: number): boolean
  runId(atMs: number): string
  /** The Send id a run's message gets (the caller's id scheme). */
  sendId(atMs: number): string
}

/** Any event of the metric in (fromMs, toMs]? */
function didSince(times: number[], fromMs: number, toMs: number): boolean {
  let lo = 0,
    hi = times.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (times[mid]! <= fromMs) lo = mid + 1
    else hi = mid
  }
  return lo < times.length && times[lo]! <= toMs
}

function splitMetric(a: FlowAction): string | null {
  const groups = (
    a.data as { profile_filter?: { condition_groups?: Array<{ conditions?: Array<{ metric_id?: string }> }> } }
  ).profile_filter?.condition_groups
  return groups?.[0]?.conditions?.[0]?.metric_id ?? null
}

const links = (a: FlowAction) =>
  (a.links ?? {}) as { next?: string | null; next_if_true?: string | null; next_if_false?: string | null }

/** Walks every entry through the flow: its runs, steps and sends. */
export function simulateFlowRuns(spec: FlowSpec, entries: FlowEntry[], world: FlowWorld) {
  const def = spec.definition
  const actions = new Map(def.actions.map((a) => [a.id!, a]))
  const reentry = def.reentry_criteria as { duration: number; unit: string } | null | undefined
  const reentryMs =
    reentry && reentry.unit !== 'alltime'
      ? reentry.duration * (UNIT_MS[reentry.unit] ?? DAY_MS)
      : reentry?.unit === 'alltime' && reentry.duration >= 1
        ? Infinity
        : 0
  const lastEntry = new Map<number, number>()
  const runs: SimRun[] = []
  const steps: SimStep[] = []
  const sends: SimFlowSend[] = []

  for (const e of [...entries].sort((x, y) => x.atMs - y.atMs)) {
    if (e.atMs > world.nowMs) continue
    const last = lastEntry.get(e.profile)
    if (last !== undefined && reentryMs > 0 && e.atMs - last < reentryMs) continue
    lastEntry.set(e.profile, e.atMs)
    const run: SimRun = {
      id: world.runId(e.atMs),
      profile: e.profile,
      entryKey: e.entryKey,
      eventId: e.eventId,
      createdMs: e.atMs,
      status: 'completed',
      currentActionId: null,
      wakeMs: null,
      finishedMs: null,
      stepCount: 0,
    }
    runs.push(run)
    let t = e.atMs
    let id: string | null | undefined = def.entry_action_id
    while (id) {
      const a = actions.get(id)
      if (!a) break
      const step = (status: string, outcome: string | null, detail: Record<string, unknown>) => {
        steps.push({
          runId: run.id,
          profile: e.profile,
          actionId: a.id!,
          actionType: a.type,
          status,
          outcome,
          detail: JSON.stringify(detail),
          atMs: t,
        })
        run.stepCount++
      }
      if (a.type === 'time-delay') {
        const d = a.data as { unit: string; value: number }
        const until = t + d.value * (UNIT_MS[d.unit] ?? DAY_MS)
        const next = links(a).next ?? null
        step('done', new Date(until).toISOString(), { kind: 'sleep', next, until: new Date(until).toISOString() })
        if (until > world.nowMs) {
          Object.assign(run, { status: 'active', currentActionId: next, wakeMs: until })
          break
        }
        t = until
        id = next
      } else if (a.type === 'conditional-split') {
        const metric = splitMetric(a)
        const match = metric ? !didSince(world.eventTimes(e.profile, metric), e.atMs, t) : true
        const next = (match ? links(a).next_if_true : links(a).next_if_false) ?? null
        step('done', String(match), { reasons: [], kind: 'next', next })
        id = next
      } else if (a.type === 'send-email') {
        const m = spec.messages.get(a.id!)
        const next = links(a).next ?? null
        if (m && world.mailable(e.profile, t)) {
          const sendId = world.sendId(t)
          sends.push({
            id: sendId,
            runId: run.id,
            actionId: a.id!,
            messageId: m.id,
            subject: m.subject,
            profile: e.profile,
            atMs: t,
          })
          step('done', sendId, {
            sendId,
            channel: 'email',
            messageId: m.id,
            transactional: false,
            smartSending: true,
            kind: 'next',
            next,
          })
        } else {
          step('skipped', 'skipped', {
            sendId: null,
            channel: 'email',
            messageId: m?.id ?? null,
            reason: 'no_email_consent',
            kind: 'next',
            next,
          })
        }
        id = next
      } else {
        break
      }
    }
    if (run.status === 'completed') run.finishedMs = t
  }
  return { runs, steps, sends }
}
