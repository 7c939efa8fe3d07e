// The send pipeline's job handler (registered by lib/server/job-handlers.ts).
import { PermanentJobError, registerJobHandler } from '@/lib/jobs/queue'
import { CHANNELS, SOURCE_TYPES } from './types'
import { DELIVER_JOB, type DeliverPayload } from './create-sends'
import { deliverSends } from './deliver-sends'

function parsePayload(v: unknown): DeliverPayload {
  const p = (v ?? {}) as Partial<DeliverPayload>
  if (
    typeof p.companyId !== 'number' || typeof p.sourceId !== 'string' ||
    !CHANNELS.includes(p.channel as never) || !SOURCE_TYPES.includes(p.sourceType as never)
  ) throw new PermanentJobError('Bad messaging.deliver payload')
  return { companyId: p.companyId, channel: p.channel!, sourceType: p.sourceType!, sourceId: p.sourceId }
}

export function register(): void {
  registerJobHandler(DELIVER_JOB, async (payload, ctx) => {
    const p = parsePayload(payload)
    if (ctx.companyId !== null && ctx.companyId !== p.companyId) throw new PermanentJobError('Job company does not match its payload')
    await deliverSends(p)
  }, { keepDone: false })
}
