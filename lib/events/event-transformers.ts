// What may reshape an /api or /client event before it is queued for ingest (the merchant's
// transformations, lib/cdp-code): ingest owns this list and imports none of them; the
// composition root registers them (lib/server/consumers.ts). A transformer answers undefined,
// synchronously, when the company has nothing to apply, so the common path awaits nothing.
import { consumerList } from '@/lib/config/consumer-list'
import type { QueuedEvent } from './types'

export interface EventTransformer {
  name: string
  /** undefined: nothing to apply; else the event to queue, or null to drop it. Never throws for the code's faults. */
  apply(companyId: number, event: QueuedEvent): undefined | Promise<QueuedEvent | null>
}

const transformers = consumerList<EventTransformer>('event transformers')

export const registerEventTransformer = (t: EventTransformer): void => transformers.register(t)

/** Runs the registered transformers in order; null when one dropped the event. */
export async function transformEvent(companyId: number, event: QueuedEvent): Promise<QueuedEvent | null> {
  let current: QueuedEvent | null = event
  for (const t of transformers.all()) {
    if (!current) break
    const r = t.apply(companyId, current)
    if (r !== undefined) current = await r
  }
  return current
}
