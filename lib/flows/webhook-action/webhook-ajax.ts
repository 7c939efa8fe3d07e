// The /ajax calls of a flow's send-webhook action (seed 002 §7.6; paths in lib/flows/ajax/README.md):
// preview (the request rendered for a sample profile), a test request to the URL and its
// status, the flow's signing secret (read and rotate), and the webhook's name.
import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { inWriteTx, read } from '@/lib/db/ops'
import { ulid } from '@/lib/ids/make-id'
import { queueNow } from '@/lib/jobs/clock'
import { wakeWorkers } from '@/lib/jobs/queue'
import { prepareEnqueueInTransaction } from '@/lib/jobs/prepare-enqueue-in-transaction'
import { badRequest, notFound } from '@/lib/errors/app-error'
import type { FlowAction } from '@/lib/flows/definition'
import type { TriggerEvent } from '@/lib/flows/engine/types'
import { findActionOfType, saveAction } from './action-edit'
import { flowTemplateContextOps } from './template-context'
import {
  renderWebhook,
  webhookMessageOf,
  webhookMessageProblems,
  WebhookRenderError,
  type RenderedWebhook,
} from './render-webhook'
import {
  FLOW_WEBHOOK_JOB,
  lastFlowWebhookDeliveryOps,
  queueFlowWebhookOps,
  signFlowWebhook,
} from './deliver-flow-webhook'

export const previewQuery = z.object({ profileId: z.string().trim().min(1).max(64).optional() })
export const previewBody = z.object({ profileId: z.string().trim().min(1).max(64).optional() })
export const webhookNameBody = z.object({
  name: z.string().trim().min(1, 'A name is required.').max(255, 'The name is longer than 255 characters.'),
})

/** The profile a preview renders for: the one asked for (404 if not in the company), else the newest. */
export async function sampleProfileId(companyId: number, profileId?: string): Promise<string | null> {
  if (profileId) {
    const p = await db.profile.findFirst({ where: { companyId, id: profileId }, select: { id: true } })
    if (!p) throw notFound(`A profile with id ${profileId} was not found.`)
    return p.id
  }
  const p = await db.profile.findFirst({ where: { companyId }, orderBy: { updatedAt: 'desc' }, select: { id: true } })
  return p?.id ?? null
}

/** The profile's latest event of the flow's trigger metric, as a run would carry it. */
export async function sampleEvent(
  companyId: number,
  flowId: string,
  profileId: string | null,
): Promise<TriggerEvent | null> {
  if (!profileId) return null
  const trigger = await db.flowTrigger.findFirst({
    where: { companyId, flowId, kind: 'metric' },
    select: { targetId: true },
  })
  if (!trigger) return null
  const e = await db.event.findFirst({
    where: { companyId, profileId, metricId: trigger.targetId },
    orderBy: { ts: 'desc' },
  })
  if (!e) return null
  const metric = await db.metric.findFirst({ where: { companyId, id: e.metricId }, select: { name: true } })
  let properties: Record<string, unknown> = {}
  try {
    properties = JSON.parse(e.properties) as Record<string, unknown>
  } catch {
    // A stored event's properties are always JSON; an unreadable one previews as empty.
  }
  return {
    id: e.id,
    metricId: e.metricId,
    metric: metric?.name ?? null,
    properties,
    time: new Date(e.ts * 1000).toISOString(),
    value: e.value,
  }
}

async function renderFor(companyId: number, flowId: string, action: FlowAction, profileId?: string) {
  const message = webhookMessageOf(action)
  const problems = webhookMessageProblems(message ?? {})
  if (!message?.url) problems.url = [...(problems.url ?? []), 'Enter the URL the webhook posts to.']
  if (Object.keys(problems).length) throw badRequest('The webhook is not complete.', problems)
  const pid = await sampleProfileId(companyId, profileId)
  const event = await sampleEvent(companyId, flowId, pid)
  const now = queueNow()
  const t = await read(flowTemplateContextOps({ companyId, flowId, profileId: pid, triggerEvent: event, now }))
  try {
    return { request: renderWebhook(message!, t), profileId: pid }
  } catch (e) {
    if (e instanceof WebhookRenderError) throw badRequest(e.message, { body: [e.message] })
    throw e
  }
}

function shown(r: RenderedWebhook, actionId: string, flowId: string, secret: string, now: Date) {
  const ts = Math.floor(now.getTime() / 1000)
  return {
    method: 'POST',
    url: r.url,
    body: r.body,
    headers: {
      ...r.headers,
      'x-flow-id': flowId,
      'x-flow-action-id': actionId,
      'x-flow-delivery-id': `<run id>:${actionId}`,
      'x-flow-signature': signFlowWebhook(secret, ts, r.body),
    },
  }
}

async function flowSecret(companyId: number, flowId: string): Promise<string> {
  const f = await db.flow.findFirst({ where: { companyId, id: flowId }, select: { webhookSecret: true } })
  if (!f) throw notFound('The flow was not found.')
  return f.webhookSecret
}

/** GET preview: the request as it would be sent now for the sample profile. */
export async function previewWebhook(companyId: number, actionId: string, profileId?: string) {
  const { flowId, action } = await findActionOfType(companyId, actionId, 'send-webhook')
  const { request, profileId: pid } = await renderFor(companyId, flowId, action, profileId)
  return {
    actionId,
    flowId,
    profileId: pid,
    request: shown(request, actionId, flowId, await flowSecret(companyId, flowId), queueNow()),
  }
}

/** POST preview: sends a signed test request (a 'test' delivery row, delivered by the job). */
export async function sendTestWebhook(companyId: number, actionId: string, profileId?: string) {
  const { flowId, action } = await findActionOfType(companyId, actionId, 'send-webhook')
  const { request, profileId: pid } = await renderFor(companyId, flowId, action, profileId)
  await prepareEnqueueInTransaction()
  const now = queueNow()
  const { id } = await inWriteTx(() =>
    queueFlowWebhookOps(
      {
        companyId,
        flowId,
        actionId,
        runId: null,
        profileId: pid,
        stepKey: `test:${actionId}:${ulid(now.getTime())}`,
        kind: 'test',
        request,
      },
      now,
    ),
  )
  wakeWorkers(FLOW_WEBHOOK_JOB)
  return {
    deliveryId: id,
    status: 'pending',
    profileId: pid,
    request: shown(request, actionId, flowId, await flowSecret(companyId, flowId), now),
  }
}

/** GET preview/status: the last test request of this action (null when none was sent). */
export async function testWebhookStatus(companyId: number, actionId: string) {
  await findActionOfType(companyId, actionId, 'send-webhook')
  return { actionId, lastTest: await read(lastFlowWebhookDeliveryOps(companyId, actionId, 'test')) }
}

export const SECRET_HEADER_DOC =
  'X-Flow-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with this secret>'

/** GET secret: the flow's signing secret. */
export async function getWebhookSecret(companyId: number, flowId: string) {
  return { flowId, secret: await flowSecret(companyId, flowId), signatureHeader: SECRET_HEADER_DOC }
}

/** POST secret: a new signing secret (requests already queued are signed with it when sent). */
export async function rotateWebhookSecret(companyId: number, flowId: string) {
  await flowSecret(companyId, flowId)
  const secret = randomBytes(32).toString('base64url')
  await db.flow.updateMany({ where: { companyId, id: flowId }, data: { webhookSecret: secret } })
  return { flowId, secret, signatureHeader: SECRET_HEADER_DOC }
}

/** POST name: renames the webhook (its message's name; a new flow version). */
export async function renameWebhook(companyId: number, actionId: string, name: string) {
  const { action } = await findActionOfType(companyId, actionId, 'send-webhook')
  const data = { ...((action.data ?? {}) as Record<string, unknown>) }
  data.message = { ...((data.message ?? {}) as Record<string, unknown>), name }
  const saved = await saveAction(companyId, actionId, { ...action, data } as FlowAction)
  return { actionId, name, version: saved.version }
}
