// Message executors (send-email, send-sms, send-mobile-push, send-whatsapp; also the variation
// an A/B test picked): the action's FlowMessage (its current text, else the definition's
// inline message) and its template → MessageContent, then createSendsOps with the send key
// (company, channel, 'flow_action_run', `${actionId}:${runId}`, profile) in the step's own
// transaction: a retry, a killed worker or a second trigger never sends twice. The outcome is
// the new Send's id, or 'skipped' when the key already existed. Consent, smart sending, caps
// and quiet hours are decided by the pipeline when it claims the Send (lib/messaging/policy.ts).
// Many runs at the same send action (sendMessageBatchExecutor): the message and its content read
// once, and one createSendsOps for all the runs, each recipient with its run's key: multi-row
// INSERTs and ONE delivery job naming the new Sends' sources (not one job per Send), in the
// batch's transaction; the results are the single path's.
import { selectFirst, type Ops } from '@/lib/db/ops'
import { pushOptionsFrom } from '@/lib/messaging/push/push-content'
import { kysely } from '@/lib/db/kysely'
import { toBool } from '@/lib/db/dialect'
import { createSendsOps } from '@/lib/messaging/create-sends'
import type { Channel, MessageContent } from '@/lib/messaging/types'
import type { FlowAction, ProfileFilter } from '@/lib/flows/definition'
import type { ActionExecutor, BatchActionExecutor, StepContext, StepResult } from '../types'
import { nextOf } from '../types'
import { evaluateFilterOps } from '../conditions'
import { scopeOps } from './splits'
import { cachedOps } from '../cache'
import { readyTranslationsOps } from '@/lib/templates/translations/send-translations'

export const CHANNEL_OF: Record<string, Channel> = {
  'send-email': 'email',
  'send-sms': 'sms',
  'send-mobile-push': 'push',
  'send-whatsapp': 'whatsapp',
}

type Msg = Record<string, unknown> & {
  id?: string | null
  template_id?: string | null
  subject_line?: string | null
  preview_text?: string | null
  from_email?: string | null
  from_label?: string | null
  reply_to_email?: string | null
  body?: string | null
  title?: string | null
  vendor_id?: string | null
  smart_sending_enabled?: boolean
  transactional?: boolean
  additional_filters?: ProfileFilter | null
}

/** The message of a send action: its FlowMessage row (id, definition) or the inline one. */
export function* messageOfOps(
  companyId: number,
  action: FlowAction,
  useRow = true,
): Ops<{ messageId: string | null; message: Msg }> {
  const inline = ((action.data as { message?: Msg } | null | undefined)?.message ?? {}) as Msg
  if (useRow && action.id) {
    const actionId = action.id
    const row = yield* cachedOps(`msg:${companyId}:${actionId}`, () =>
      selectFirst(
        kysely()
          .selectFrom('FlowMessage')
          .select(['id', 'definition', 'templateId'])
          .where('companyId', '=', companyId)
          .where('actionId', '=', actionId)
          .orderBy('createdAt', 'desc')
          .limit(1),
      ),
    )
    if (row) {
      let def: Msg = {}
      try {
        def = JSON.parse(row.definition) as Msg
      } catch {
        /* keep the inline message */
      }
      return {
        messageId: row.id,
        message: { ...inline, ...def, template_id: def.template_id ?? row.templateId ?? inline.template_id ?? null },
      }
    }
  }
  return { messageId: inline.id ?? null, message: inline }
}

/** MessageContent and the transactional flag, from the message and its stored template. */
export function* contentOps(
  companyId: number,
  channel: Channel,
  m: Msg,
): Ops<{ content: MessageContent; transactional: boolean; problem?: string }> {
  let transactional = m.transactional === true
  if (channel === 'email') {
    const content: MessageContent = {
      subject: m.subject_line ?? undefined,
      previewText: m.preview_text ?? undefined,
      fromEmail: m.from_email ?? undefined,
      fromName: m.from_label ?? undefined,
      replyTo: m.reply_to_email ?? undefined,
    }
    if (!m.template_id) return { content, transactional, problem: 'The email has no template.' }
    const templateId = m.template_id
    const t = yield* cachedOps(`tpl:${companyId}:${templateId}`, function* () {
      const row = yield* selectFirst(
        kysely()
          .selectFrom('Template')
          .select(['compiledHtml', 'compiledText', 'amp', 'isTransactional'])
          .where('companyId', '=', companyId)
          .where('id', '=', templateId),
      )
      // the ready translations are cached with the template, so a send asks for neither again
      return row && { ...row, translations: yield* readyTranslationsOps(companyId, templateId) }
    })
    if (!t) return { content, transactional, problem: `The template ${m.template_id} does not exist.` }
    transactional ||= toBool(t.isTransactional) && m.transactional !== false
    return {
      content: {
        ...content,
        html: t.compiledHtml,
        text: t.compiledText,
        ...(t.amp ? { amp: t.amp } : {}),
        ...(t.translations ? { translations: t.translations } : {}),
      },
      transactional,
    }
  }
  if (channel === 'push')
    return {
      content: {
        subject: m.title ?? undefined,
        text: m.body ?? '',
        push: pushOptionsFrom(m as Record<string, unknown>),
      },
      transactional,
    }
  if (channel === 'whatsapp') {
    const content: MessageContent & { whatsappTemplate?: unknown } = { text: m.body ?? undefined }
    if (m.vendor_id)
      content.whatsappTemplate = {
        name: m.vendor_id,
        language: String(m.language ?? 'en'),
        bodyParameters: (m.body_parameters as string[] | undefined) ?? [],
      }
    return { content, transactional }
  }
  return { content: { text: m.body ?? '' }, transactional }
}

/** Sends one message for the run (the action's own, or an A/B variation's): the StepResult. */
export function* sendForRunOps(
  ctx: StepContext,
  channel: Channel,
  m: Msg,
  messageId: string | null,
  extra: Record<string, unknown> = {},
): Ops<StepResult> {
  const next = nextOf(ctx.action)
  if (m.additional_filters) {
    const r = yield* evaluateFilterOps(m.additional_filters, yield* scopeOps(ctx))
    if (!r.match)
      return {
        kind: 'next',
        next,
        status: 'skipped',
        outcome: 'additional_filters',
        detail: { reasons: r.reasons, ...extra },
      }
  }
  const { content, transactional, problem } = yield* contentOps(ctx.companyId, channel, m)
  if (problem)
    return { kind: 'next', next, status: 'failed', outcome: 'no_content', detail: { reason: problem, ...extra } }
  const created = yield* createSendsOps(
    {
      companyId: ctx.companyId,
      channel,
      sourceType: 'flow_action_run',
      sourceId: runSource(ctx),
      transactional,
      content,
      recipients: [{ profileId: ctx.profileId, context: sendContext(ctx, m, messageId, extra) }],
    },
    ctx.now,
  )
  return sentResult(ctx, channel, m, messageId, transactional, created[0]?.id ?? null, extra)
}

/** The source of a run's Send at this action (its send key with the profile). */
const runSource = (ctx: StepContext) => `${ctx.action.id}:${ctx.runId}`

/** The template context of a run's Send. */
function sendContext(
  ctx: StepContext,
  m: Msg,
  messageId: string | null,
  extra: Record<string, unknown>,
): Record<string, unknown> {
  return {
    event: ctx.triggerEvent?.properties ?? {},
    $flow: ctx.flowId,
    $flow_message: messageId,
    $action: ctx.action.id,
    $run: ctx.runId,
    $smart_sending_enabled: m.smart_sending_enabled !== false,
    ...(extra.variation ? { $variation: extra.variation } : {}),
  }
}

/** The step's result once its Send was inserted (sendId) or found to exist already (null). */
function sentResult(
  ctx: StepContext,
  channel: Channel,
  m: Msg,
  messageId: string | null,
  transactional: boolean,
  sendId: string | null,
  extra: Record<string, unknown>,
): StepResult {
  return {
    kind: 'next',
    next: nextOf(ctx.action),
    status: sendId ? 'done' : 'skipped',
    outcome: extra.variation ? String(extra.variation) : (sendId ?? 'skipped'),
    detail: { sendId, channel, messageId, transactional, smartSending: m.smart_sending_enabled !== false, ...extra },
  }
}

export const sendMessageExecutor: ActionExecutor = function* (ctx) {
  const channel = CHANNEL_OF[ctx.action.type]!
  const { messageId, message } = yield* messageOfOps(ctx.companyId, ctx.action)
  return yield* sendForRunOps(ctx, channel, message, messageId)
}

/** sendMessageExecutor for many runs at the same action (same company and action), set-based. */
export const sendMessageBatchExecutor: BatchActionExecutor = function* (ctxs) {
  const out: StepResult[] = new Array(ctxs.length)
  if (!ctxs.length) return out
  const first = ctxs[0]!
  const channel = CHANNEL_OF[first.action.type]!
  const { messageId, message: m } = yield* messageOfOps(first.companyId, first.action)
  const next = nextOf(first.action)
  let pass = ctxs.map((_, i) => i)
  if (m.additional_filters) {
    pass = []
    for (let i = 0; i < ctxs.length; i++) {
      const r = yield* evaluateFilterOps(m.additional_filters, yield* scopeOps(ctxs[i]!))
      if (r.match) pass.push(i)
      else
        out[i] = {
          kind: 'next',
          next,
          status: 'skipped',
          outcome: 'additional_filters',
          detail: { reasons: r.reasons },
        }
    }
    if (!pass.length) return out
  }
  const { content, transactional, problem } = yield* contentOps(first.companyId, channel, m)
  if (problem) {
    for (const i of pass)
      out[i] = { kind: 'next', next, status: 'failed', outcome: 'no_content', detail: { reason: problem } }
    return out
  }
  // Each run its own send key; the delivery job(s) name the new sources (not one job per Send).
  const created = yield* createSendsOps(
    {
      companyId: first.companyId,
      channel,
      sourceType: 'flow_action_run',
      transactional,
      content,
      recipients: pass.map((i) => ({
        profileId: ctxs[i]!.profileId,
        sourceId: runSource(ctxs[i]!),
        context: sendContext(ctxs[i]!, m, messageId, {}),
      })),
    },
    first.now,
  )
  const sendIds = new Map(created.map((c) => [c.sourceId, c.id]))
  for (const i of pass)
    out[i] = sentResult(ctxs[i]!, channel, m, messageId, transactional, sendIds.get(runSource(ctxs[i]!)) ?? null, {})
  return out
}
