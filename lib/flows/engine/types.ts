// The contract between the journey engine (lib/flows/engine/advance-runs.ts, which claims due
// FlowRun rows and executes one step at a time) and the executor of each action type
// (lib/flows/engine/actions/*.ts). An executor runs INSIDE the step's write transaction: it
// yields its database work as Ops (lib/db/ops.ts) so the step row, its side effect's key and
// the run's next position commit together; network I/O never happens inside it (a webhook or an
// alert is written as a row with a unique key and delivered by a job after the commit).
import type { Ops } from '@/lib/db/ops'
import type { FlowAction, FlowDefinition } from '@/lib/flows/definition'

/** The triggering event as stored in FlowRun.triggerEvent (JSON). */
export interface TriggerEvent {
  id: number | string | null
  metricId: string | null
  metric: string | null
  properties: Record<string, unknown>
  /** ISO time of the event. */
  time: string
  value?: number | null
}

/** What an executor sees of the run it is advancing. */
export interface StepContext {
  companyId: number
  flowId: string
  /** The FlowVersion the run follows, and its whole definition. */
  version: number
  definition: FlowDefinition
  runId: string
  profileId: string
  /** The action to execute, as stored in the run's version of the definition. */
  action: FlowAction
  /** Its status now (FlowAction.status: live | manual | draft | disabled). */
  actionStatus: string
  /** The per-flow secret that signs send-webhook requests. */
  webhookSecret: string
  triggerKind: string
  triggerEvent: TriggerEvent | null
  /** When the run entered the flow. */
  enteredAt: Date
  /** The engine clock: never read Date.now() in an executor. */
  now: Date
  /** A stable key for this step's side effects: `${runId}:${actionId}`. */
  stepKey: string
}

/**
 * The outcome of one step. The engine writes the FlowStep row (status, outcome, detail) and
 * moves the run: `next` (an action id, or null to complete), `wakeAt` to sleep first, `exit`
 * to leave with a reason, `wait` to park the run until a manual approval.
 */
export type StepResult =
  | {
      kind: 'next'
      next: string | null
      outcome?: string | null
      detail?: Record<string, unknown>
      status?: 'done' | 'skipped' | 'failed'
    }
  | { kind: 'sleep'; until: Date; next: string | null; outcome?: string | null; detail?: Record<string, unknown> }
  | { kind: 'exit'; reason: string; detail?: Record<string, unknown> }
  | { kind: 'wait'; detail?: Record<string, unknown> }

/** An action type's executor. Deterministic given (ctx, database state): a retry yields the same result. */
export type ActionExecutor = (ctx: StepContext) => Ops<StepResult>

/**
 * The same for many runs at one action (same company, flow, version and action), set-based
 * (lib/flows/engine/batch-step.ts): result i is what the ActionExecutor would return for ctxs[i].
 */
export type BatchActionExecutor = (ctxs: StepContext[]) => Ops<StepResult[]>

/** The first outgoing link of a linear action (links.next), or null. */
export function nextOf(action: FlowAction): string | null {
  const links = (action as { links?: { next?: string | null } | null }).links
  return links?.next ?? null
}
