// Executor of the 'send-webhook' action. Inside the step's transaction it renders the request
// for the profile (URL as saved; headers and body through the template language with the
// profile, the trigger event and the flow) and writes it as a FlowWebhookDelivery row unique by
// the stepKey, with its delivery job; the signed POST happens after the commit
// (lib/flows/webhook-action/deliver-flow-webhook.ts). A retried step finds the row and adds
// nothing. A message without a URL, or one that cannot be rendered, fails the step with the
// reason and the run goes on.
import type { ActionExecutor } from '../types'
import { nextOf } from '../types'
import { flowTemplateContextOps } from '@/lib/flows/webhook-action/template-context'
import { renderWebhook, webhookMessageOf, WebhookRenderError } from '@/lib/flows/webhook-action/render-webhook'
import { queueFlowWebhookOps } from '@/lib/flows/webhook-action/deliver-flow-webhook'

export const sendWebhookExecutor: ActionExecutor = function* (ctx) {
  const next = nextOf(ctx.action)
  const message = webhookMessageOf(ctx.action)
  if (!message?.url)
    return { kind: 'next', next, status: 'failed', outcome: 'no_url', detail: { reason: 'The webhook has no URL.' } }
  const t = yield* flowTemplateContextOps({
    companyId: ctx.companyId,
    flowId: ctx.flowId,
    profileId: ctx.profileId,
    triggerEvent: ctx.triggerEvent,
    now: ctx.now,
  })
  let request
  try {
    request = renderWebhook(message, t)
  } catch (e) {
    if (e instanceof WebhookRenderError)
      return { kind: 'next', next, status: 'failed', outcome: 'render_error', detail: { reason: e.message } }
    throw e
  }
  const { id, created } = yield* queueFlowWebhookOps(
    {
      companyId: ctx.companyId,
      flowId: ctx.flowId,
      actionId: String(ctx.action.id),
      runId: ctx.runId,
      profileId: ctx.profileId,
      stepKey: ctx.stepKey,
      kind: 'step',
      request,
    },
    ctx.now,
  )
  return {
    kind: 'next',
    next,
    outcome: 'queued',
    detail: { deliveryId: id, url: request.url, ...(created ? {} : { repeated: true }) },
  }
}
