// The job handlers of the flows' side-effect actions (registered by lib/server/job-handlers.ts):
// 'flows.webhook' delivers one send-webhook request, 'flows.code' runs one code step in the sandbox.
import { PermanentJobError, registerJobHandler } from '@/lib/jobs/queue'
import { deliveryPayloadOf } from '@/lib/webhooks/delivery-machine'
import { deliverFlowWebhook, FLOW_WEBHOOK_JOB } from './deliver-flow-webhook'
import { FLOW_CODE_JOB, runCodeStep, type FlowCodePayload } from '@/lib/flows/sandbox/code-job'

function companyOf(payload: unknown, ctx: { companyId: number | null }): number {
  const companyId = (payload as { companyId?: unknown } | null)?.companyId
  if (typeof companyId !== 'number') throw new PermanentJobError('The job payload names no company')
  if (ctx.companyId !== null && ctx.companyId !== companyId)
    throw new PermanentJobError('Job company does not match its payload')
  return companyId
}

export function register(): void {
  registerJobHandler(
    FLOW_WEBHOOK_JOB,
    async (payload, ctx) => {
      await deliverFlowWebhook(deliveryPayloadOf(FLOW_WEBHOOK_JOB, payload, ctx))
    },
    { keepDone: false },
  )
  registerJobHandler(
    FLOW_CODE_JOB,
    async (payload, ctx) => {
      const companyId = companyOf(payload, ctx)
      const stepKey = (payload as Partial<FlowCodePayload>).stepKey
      if (typeof stepKey !== 'string') throw new PermanentJobError('Bad flows.code payload')
      await runCodeStep({ companyId, stepKey }, { attempt: ctx.attempt })
    },
    { keepDone: false },
  )
}
