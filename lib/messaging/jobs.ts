// The send pipeline's job handler (registered by lib/server/job-handlers.ts).
import { PermanentJobError, registerJobHandler } from '@/lib/jobs/queue'
import { CHANNELS, SOURCE_TYPES } from './types'
import { DELIVER_JOB, MAX_SOURCES_PER_JOB, type DeliverPayload } from './create-sends'
import { deliverSends } from './deliver-sends'

/** One source (sourceId: every job queued before sourceIds existed) or many (sourceIds). */
function parsePayload(v: unknown): DeliverPayload {
  const p = (v ?? {}) as {
    companyId?: unknown
    channel?: unknown
    sourceType?: unknown
    sourceId?: unknown
    sourceIds?: unknown
  }
  const one = p.sourceIds === undefined && typeof p.sourceId === 'string'
  const many =
    p.sourceId === undefined &&
    Array.isArray(p.sourceIds) &&
    p.sourceIds.length > 0 &&
    p.sourceIds.length <= MAX_SOURCES_PER_JOB &&
    p.sourceIds.every((s) => typeof s === 'string')
  if (
    typeof p.companyId !== 'number' ||
    !(one || many) ||
    !CHANNELS.includes(p.channel as never) ||
    !SOURCE_TYPES.includes(p.sourceType as never)
  )
    throw new PermanentJobError('Bad messaging.deliver payload')
  const base = {
    companyId: p.companyId,
    channel: p.channel as DeliverPayload['channel'],
    sourceType: p.sourceType as DeliverPayload['sourceType'],
  }
  return one ? { ...base, sourceId: p.sourceId as string } : { ...base, sourceIds: p.sourceIds as string[] }
}

export function register(): void {
  registerJobHandler(
    DELIVER_JOB,
    async (payload, ctx) => {
      const p = parsePayload(payload)
      if (ctx.companyId !== null && ctx.companyId !== p.companyId)
        throw new PermanentJobError('Job company does not match its payload')
      await deliverSends(p)
    },
    { keepDone: false },
  )
}
