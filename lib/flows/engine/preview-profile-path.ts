// "Simulate": the path a profile would take through a flow's current version NOW, and why — each
// action, the branch a split takes with its reasons, the time a delay would wake, and for each
// message whether the sending policy (consent, suppressions, smart sending, caps, quiet hours)
// would send, skip or defer it. Read-only: executors that only read run as the engine would;
// message actions are never executed (nothing is written).
import { read, select, selectFirst, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { toDate } from '@/lib/db/dialect'
import { DELIVERED_LIKE } from '@/lib/messaging/types'
import { decideSend } from '@/lib/messaging/policy'
import { hasPostalAddress } from '@/lib/messaging/postal-address'
import { loadPolicySettingsOps } from '@/lib/messaging/claim-sends'
import { companyTimeZoneOps } from '@/lib/segments/company-time-zone'
import { isUnsupported, type FlowAction, type FlowDefinition } from '@/lib/flows/definition'
import { FLOW_STATUS } from '@/lib/flows/store'
import type { StepContext, StepResult, TriggerEvent } from './types'
import { nextOf } from './types'
import { executorFor } from './executors'
import { effectiveActionStatus } from './step'
import { evaluateFilterOps, isEmptyFilter } from './conditions'
import { CHANNEL_OF, contentOps, messageOfOps } from './actions/send-message'
import type { Channel } from '@/lib/messaging/types'

type MessageOf = Parameters<typeof contentOps>[2]
import { chooseVariation } from './actions/experiments'
import { scopeOps } from './actions/splits'

export interface PreviewStep {
  actionId: string
  type: string
  status: string
  /** What would happen: next | branch | delay | send | skip | wait | exit | unsupported */
  result: string
  branch?: string | null
  wakeAt?: string | null
  send?: { channel: string; decision: 'send' | 'skip' | 'defer'; reason?: string; until?: string; variation?: string }
  reasons: string[]
}

export interface ProfilePathPreview {
  flowId: string
  profileId: string
  version: number
  flowStatus: number
  /** Whether the profile passes the flow's profile filter now. */
  qualifies: boolean
  filterReasons: string[]
  triggerEvent: TriggerEvent | null
  steps: PreviewStep[]
  /** How the path ends: completed | exit:<reason> | wait | loop_guard */
  end: string
}

const READ_ONLY = new Set([
  'time-delay',
  'target-date',
  'countdown-delay',
  'back-in-stock-delay',
  'conditional-split',
  'trigger-split',
  'multi-branch-split',
  'internal-service',
])

function* policyOps(
  companyId: number,
  profileId: string,
  channel: 'email' | 'sms' | 'push' | 'whatsapp',
  transactional: boolean,
  now: Date,
) {
  const db = kysely()
  const profile = yield* selectFirst(
    db
      .selectFrom('Profile')
      .select(['email', 'phoneNumber', 'timezone'])
      .where('companyId', '=', companyId)
      .where('id', '=', profileId),
  )
  const consents = yield* select(
    db
      .selectFrom('ProfileConsent')
      .select(['channel', 'status'])
      .where('companyId', '=', companyId)
      .where('profileId', '=', profileId),
  )
  const suppressions = yield* select(
    db
      .selectFrom('Suppression')
      .select(['channel', 'reason'])
      .where('companyId', '=', companyId)
      .where('profileId', '=', profileId)
      .where('clearedAt', 'is', null),
  )
  const settings = yield* loadPolicySettingsOps(companyId)
  const company = yield* selectFirst(
    db.selectFrom('Company').select(['addressLine1', 'city', 'country']).where('id', '=', companyId),
  )
  const since = new Date(now.getTime() - Math.max(7 * 86_400_000, settings.smartSendingHours * 3_600_000))
  const recent = yield* select(
    db
      .selectFrom('Send')
      .select('sendingAt')
      .where('companyId', '=', companyId)
      .where('profileId', '=', profileId)
      .where('channel', '=', channel)
      .where('transactional', '=', false)
      .where('status', 'in', DELIVERED_LIKE)
      .where('sendingAt', '>=', since),
  )
  return decideSend({
    channel,
    transactional,
    profile: {
      email: profile?.email ?? null,
      phoneNumber: profile?.phoneNumber ?? null,
      timezone: profile?.timezone ?? null,
    },
    consents: Object.fromEntries(consents.map((c) => [c.channel, c.status])),
    suppressions,
    recentMarketingSends: recent.map((r) => toDate(r.sendingAt)).filter((d): d is Date => !!d),
    settings,
    companyTimeZone: yield* companyTimeZoneOps(companyId),
    senderHasPostalAddress: hasPostalAddress(company),
    now,
  })
}

function* latestTriggerEventOps(companyId: number, profileId: string, def: FlowDefinition): Ops<TriggerEvent | null> {
  const t = def.triggers[0] as { type?: string; id?: string | null } | undefined
  if (t?.type !== 'metric' || !t.id) return null
  const e = yield* selectFirst(
    kysely()
      .selectFrom('Event')
      .innerJoin('Metric', 'Metric.id', 'Event.metricId')
      .select(['Event.id', 'Event.metricId', 'Metric.name', 'Event.properties', 'Event.ts', 'Event.value'])
      .where('Event.companyId', '=', companyId)
      .where('Event.profileId', '=', profileId)
      .where('Event.metricId', '=', t.id)
      .orderBy('Event.ts', 'desc')
      .limit(1),
  )
  if (!e) return null
  let properties: Record<string, unknown> = {}
  try {
    properties = JSON.parse(e.properties) as Record<string, unknown>
  } catch {
    /* none */
  }
  return {
    id: e.id,
    metricId: e.metricId,
    metric: e.name,
    properties,
    time: new Date(Number(e.ts) * 1000).toISOString(),
    value: e.value ?? null,
  }
}

/** The path, or null when the flow or the profile is not the company's. */
export async function previewProfilePath(
  companyId: number,
  flowId: string,
  profileId: string,
  now: Date = new Date(),
): Promise<ProfilePathPreview | null> {
  return read(previewOps(companyId, flowId, profileId, now))
}

function* previewOps(companyId: number, flowId: string, profileId: string, now: Date): Ops<ProfilePathPreview | null> {
  const db = kysely()
  const flow = yield* selectFirst(
    db
      .selectFrom('Flow')
      .select(['status', 'currentVersion', 'webhookSecret'])
      .where('companyId', '=', companyId)
      .where('id', '=', flowId),
  )
  const profile = yield* selectFirst(
    db.selectFrom('Profile').select('id').where('companyId', '=', companyId).where('id', '=', profileId),
  )
  if (!flow || !profile) return null
  const v = yield* selectFirst(
    db
      .selectFrom('FlowVersion')
      .select('definition')
      .where('companyId', '=', companyId)
      .where('flowId', '=', flowId)
      .where('version', '=', flow.currentVersion),
  )
  if (!v) return null
  const def = JSON.parse(v.definition) as FlowDefinition
  const statuses = new Map(
    (yield* select(
      db
        .selectFrom('FlowAction')
        .select(['id', 'status'])
        .where('companyId', '=', companyId)
        .where('flowId', '=', flowId),
    )).map((r) => [r.id, r.status]),
  )
  const flowInfo = { status: flow.status, actionStatus: statuses }
  const triggerEvent = yield* latestTriggerEventOps(companyId, profileId, def)
  const timeZone = yield* companyTimeZoneOps(companyId)
  const filter = isEmptyFilter(def.profile_filter)
    ? { match: true, reasons: [] }
    : yield* evaluateFilterOps(def.profile_filter, {
        companyId,
        profileId,
        flowId,
        runId: null,
        actionId: 'profile_filter',
        version: flow.currentVersion,
        now,
        timeZone,
      })
  const out: ProfilePathPreview = {
    flowId,
    profileId,
    version: flow.currentVersion,
    flowStatus: flow.status,
    qualifies: filter.match,
    filterReasons: filter.reasons,
    triggerEvent,
    steps: [],
    end: 'completed',
  }
  if (!filter.match) {
    out.end = 'exit:profile_filter'
    return out
  }
  const actions = new Map(def.actions.map((a) => [a.id!, a]))
  let current = def.entry_action_id
  let clock = now
  const seen = new Set<string>()
  while (current) {
    if (seen.has(current) || seen.size > 1000) {
      out.end = 'loop_guard'
      break
    }
    seen.add(current)
    const action = actions.get(current)
    if (!action) {
      out.end = 'exit:action_missing'
      break
    }
    const status =
      flow.status === FLOW_STATUS.manual || flow.status === FLOW_STATUS.live
        ? effectiveActionStatus(action, flowInfo)
        : effectiveActionStatus(action, { ...flowInfo, status: FLOW_STATUS.live })
    const step: PreviewStep = { actionId: current, type: action.type, status, result: 'next', reasons: [] }
    out.steps.push(step)
    const ctx: StepContext = {
      companyId,
      flowId,
      version: flow.currentVersion,
      definition: def,
      runId: 'preview',
      profileId,
      action,
      actionStatus: status,
      webhookSecret: flow.webhookSecret,
      triggerKind: def.triggers[0]?.type ?? 'unknown',
      triggerEvent,
      enteredAt: now,
      now: clock,
      stepKey: `preview:${current}`,
    }
    if (status === 'draft' || status === 'disabled') {
      step.result = 'skip'
      step.reasons.push(`The action is ${status}: skipped.`)
      current = nextOf(action)
      continue
    }
    if (status === 'manual') step.reasons.push('The action is manual: the run would wait for approval here.')
    const exec = executorFor(action.type, isUnsupported(action))
    if ('unsupported' in exec) {
      step.result = 'unsupported'
      step.reasons.push(exec.unsupported)
      out.end = 'exit:unsupported_action'
      break
    }
    if (READ_ONLY.has(action.type)) {
      const r: StepResult = yield* exec(ctx)
      if (r.kind === 'sleep') {
        step.result = 'delay'
        step.wakeAt = r.until.toISOString()
        clock = r.until
        current = r.next
      } else if (r.kind === 'next') {
        const d = (r.detail ?? {}) as { reasons?: string[]; reason?: string }
        if (d.reasons) step.reasons.push(...d.reasons)
        if (d.reason) step.reasons.push(d.reason)
        if (action.type.endsWith('split')) {
          step.result = 'branch'
          step.branch = r.outcome ?? null
        } else if (r.outcome === 'past' || r.outcome === 'no_date')
          step.reasons.push(r.outcome === 'past' ? 'The date has passed: no wait.' : 'No date to wait for: no wait.')
        current = r.next
      } else {
        step.result = r.kind
        out.end = r.kind === 'exit' ? `exit:${r.reason}` : 'wait'
        break
      }
      continue
    }
    const channel = CHANNEL_OF[action.type]
    if (channel || action.type === 'ab-test' || action.type === 'content-experiment') {
      let message: { messageId: string | null; message: MessageOf }
      let ch: Channel | undefined = channel
      let variation: string | undefined
      if (!channel) {
        const choice = chooseVariation((action.data ?? {}) as never, profileId, action.id ?? '', flow.currentVersion)
        ch = choice ? CHANNEL_OF[choice.action.type] : undefined
        variation = choice?.key
        message = choice ? yield* messageOfOps(companyId, choice.action, false) : { messageId: null, message: {} }
      } else message = yield* messageOfOps(companyId, action as FlowAction)
      step.result = 'send'
      if (!ch) {
        step.result = 'skip'
        step.reasons.push('No sendable variation.')
        current = nextOf(action)
        continue
      }
      if (message.message.additional_filters) {
        const f = yield* evaluateFilterOps(message.message.additional_filters, yield* scopeOps(ctx))
        if (!f.match) {
          step.result = 'skip'
          step.reasons.push('The message filter does not match.', ...f.reasons)
          current = nextOf(action)
          continue
        }
      }
      const content = yield* contentOps(companyId, ch, message.message)
      if (content.problem) {
        step.result = 'skip'
        step.reasons.push(content.problem)
      } else {
        const d = yield* policyOps(companyId, profileId, ch, content.transactional, clock)
        step.send = {
          channel: ch,
          decision: d.action,
          ...(d.action === 'skip' ? { reason: d.reason } : {}),
          ...(d.action === 'defer' ? { reason: d.reason, until: d.until.toISOString() } : {}),
          ...(variation ? { variation } : {}),
        }
        if (d.action === 'skip') step.reasons.push(`The sending policy would skip it: ${d.reason}.`)
        if (d.action === 'defer') step.reasons.push(`Quiet hours: it would be sent at ${d.until.toISOString()}.`)
      }
      current = nextOf(action)
      continue
    }
    // Side-effect actions (webhook, alert, profile update, list update, code): not run in a preview.
    step.reasons.push('This action would run here (not simulated).')
    current = nextOf(action)
  }
  return out
}
