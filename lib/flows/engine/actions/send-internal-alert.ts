// Executor of the 'send-internal-alert' action: an email to the staff addresses of to_emails
// about the profile that reached this step, through the messaging pipeline. One Send per
// address with sourceType 'alert' and sourceId "<actionId>:<runId>:<address>" (the pipeline's
// unique send key makes it exactly once per step and address), created in the step's
// transaction with its delivery job. The Send belongs to the profile the alert is about, so the
// template renders with it (person, event, flow); 'alert' sends go to context.$alert_to, never
// to the profile, bypass the profile's consent and smart sending, are not tracked and record no
// Received Email on the profile (lib/messaging: claim-sends, render-email, record-outcome,
// tracking).
import { kysely } from '@/lib/db/kysely'
import { selectFirst } from '@/lib/db/ops'
import { createSendsOps } from '@/lib/messaging/create-sends'
import type { MessageContent } from '@/lib/messaging/types'
import type { ActionExecutor } from '../types'
import { nextOf } from '../types'

interface AlertMessage {
  id?: string | null
  from_email?: string | null
  from_label?: string | null
  to_emails?: string[]
  subject_line?: string | null
  template_id?: string | null
}

const DEFAULT_HTML = `<p>A profile reached the alert in the flow <strong>{{ flow.name }}</strong>.</p>
<p>Profile: {{ person.email }} {{ person.phone_number }} {{ person.first_name }} {{ person.last_name }}</p>
{% if trigger_metric %}<p>Trigger: {{ trigger_metric }}</p>{% endif %}`

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const sendInternalAlertExecutor: ActionExecutor = function* (ctx) {
  const next = nextOf(ctx.action)
  const m = ((ctx.action.data as { message?: AlertMessage } | undefined)?.message ?? {}) as AlertMessage
  const to = [...new Set((m.to_emails ?? []).map((e) => String(e).trim().toLowerCase()).filter((e) => EMAIL.test(e)))]
  if (!to.length)
    return {
      kind: 'next',
      next,
      status: 'failed',
      outcome: 'no_recipients',
      detail: { reason: 'The alert has no recipient address.' },
    }
  let html = DEFAULT_HTML
  let text: string | undefined
  if (m.template_id) {
    const t = yield* selectFirst(
      kysely()
        .selectFrom('Template')
        .select(['compiledHtml', 'compiledText'])
        .where('companyId', '=', ctx.companyId)
        .where('id', '=', m.template_id),
    )
    if (!t)
      return {
        kind: 'next',
        next,
        status: 'failed',
        outcome: 'template_missing',
        detail: { reason: 'The alert template was deleted.', templateId: m.template_id },
      }
    html = t.compiledHtml
    text = t.compiledText || undefined
  }
  const content: MessageContent = {
    subject: m.subject_line || 'Flow alert: {{ flow.name }}',
    html,
    ...(text ? { text } : {}),
    ...(m.from_email ? { fromEmail: m.from_email } : {}),
    ...(m.from_label ? { fromName: m.from_label } : {}),
  }
  const flow = yield* selectFirst(
    kysely().selectFrom('Flow').select('name').where('companyId', '=', ctx.companyId).where('id', '=', ctx.flowId),
  )
  const actionId = String(ctx.action.id)
  const sendIds: string[] = []
  for (const address of to) {
    const created = yield* createSendsOps(
      {
        companyId: ctx.companyId,
        channel: 'email',
        sourceType: 'alert',
        sourceId: `${actionId}:${ctx.runId}:${address}`,
        transactional: true,
        content,
        recipients: [
          {
            profileId: ctx.profileId,
            context: {
              event: ctx.triggerEvent ? { ...ctx.triggerEvent.properties, $metric: ctx.triggerEvent.metric } : {},
              flow: { id: ctx.flowId, name: flow?.name ?? null },
              trigger_metric: ctx.triggerEvent?.metric ?? null,
              $flow: ctx.flowId,
              $flow_message: m.id ?? null,
              $action: actionId,
              $run: ctx.runId,
              $alert_to: address,
            },
          },
        ],
      },
      ctx.now,
    )
    sendIds.push(...created.map((c) => c.id))
  }
  return { kind: 'next', next, outcome: 'queued', detail: { to, sendIds } }
}
