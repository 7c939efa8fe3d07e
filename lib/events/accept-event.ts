// The fast path of POST /api/events and /client/events (202): validate in memory, then one
// INSERT of an 'events.ingest' job (group-committed with concurrent requests). Everything
// else (profile resolution, metric, dedupe, segments) happens in the worker, in batches.
// Each event carries the time it was accepted here, so its profile attributes never replace
// what a later write (an API call, an import, a newer event) set before the worker ran.
// acceptEvents is the bulk form (event-bulk-create jobs, imports): one job per 1000 events.
import { enqueue } from '@/lib/jobs/queue'
import { acceptedNow } from '@/lib/profiles/attribute-times'
import type { EventInput, QueuedEvent } from './types'
import { validateEvent } from './validate-event'
import { validateEvents } from './ingest-events'
import { transformEvent } from './event-transformers'

export const INGEST_JOB = 'events.ingest'
export const EVENTS_PER_JOB = 1000

export interface IngestJobPayload {
  companyId: number
  /** 'client' = the browser endpoint: existing identifiers of a profile are never changed. */
  mode: 'import' | 'client'
  /** One event (acceptEvent) … */
  event?: QueuedEvent
  /** … or several, written all together or not at all (acceptEvents). */
  events?: QueuedEvent[]
}

type AcceptOptions = { source?: 'api' | 'client' }
const modeOf = (opts: AcceptOptions) => (opts.source === 'client' ? 'client' : 'import')

export async function acceptEvent(companyId: number, input: EventInput, opts: AcceptOptions = {}): Promise<void> {
  const acceptedAt = acceptedNow()
  let event: QueuedEvent | null = { ...validateEvent(input), acceptedAt }
  // The merchant's transformations (issue 27) reshape or drop /api and /client events only.
  if (opts.source) event = await transformEvent(companyId, event)
  if (!event) return
  const payload: IngestJobPayload = { companyId, mode: modeOf(opts), event }
  await enqueue(INGEST_JOB, payload, { companyId })
}

/** Validates all (400 with index-prefixed field errors, nothing queued) and queues them. */
export async function acceptEvents(companyId: number, inputs: EventInput[], opts: AcceptOptions = {}): Promise<void> {
  const events = validateEvents(inputs, acceptedNow())
  for (let i = 0; i < events.length; i += EVENTS_PER_JOB) {
    const payload: IngestJobPayload = { companyId, mode: modeOf(opts), events: events.slice(i, i + EVENTS_PER_JOB) }
    await enqueue(INGEST_JOB, payload, { companyId })
  }
}
