// The transformations on the ingest path (registered as lib/events' event transformer): the
// company's enabled ones, from the cache (transformation-cache.ts), run in order on the event,
// each with TRANSFORM_TIME_LIMIT_MS. Never loses data: a code that fails, times out, returns
// nothing, or returns an event that does not validate leaves the event as it was, and the error
// is kept (TransformationInvocation); null drops the event, and that is kept too.
import { db } from '@/lib/db/client'
import { ulid } from '@/lib/ids/make-id'
import { validateEvent } from '@/lib/events/validate-event'
import type { EventTransformer } from '@/lib/events/event-transformers'
import type { EventInput, QueuedEvent } from '@/lib/events/types'
import { AppError } from '@/lib/errors/app-error'
import { transformationsOf, type CachedTransformation } from './transformation-cache'
import { runTransformCode } from './run-function'

/** The event as transform(event) sees it (the vendor's attribute names). */
export function toTransformEvent(e: QueuedEvent): Record<string, unknown> {
  return {
    metric: e.metric.name,
    properties: e.properties,
    value: e.value,
    value_currency: e.valueCurrency,
    unique_id: e.uniqueId,
    time: new Date(e.ts * 1000).toISOString(),
    profile: e.profile,
  }
}

/** What transform(event) returned, validated as any event is; throws AppError 400 when it is not one. */
export function fromTransformEvent(out: unknown, original: QueuedEvent): QueuedEvent {
  if (!out || typeof out !== 'object' || Array.isArray(out))
    throw new AppError('invalid', 400, 'transform(event) must return an event object or null.')
  const o = out as Record<string, unknown>
  const input = {
    metric: { name: o.metric, ...(original.metric.service ? { service: original.metric.service } : {}) },
    profile: o.profile ?? original.profile,
    properties: o.properties ?? {},
    time: typeof o.time === 'string' ? o.time : new Date(original.ts * 1000).toISOString(),
    ...(o.value != null ? { value: o.value } : {}),
    ...(o.value_currency != null ? { valueCurrency: o.value_currency } : {}),
    ...(o.unique_id != null ? { uniqueId: o.unique_id } : {}),
  } as unknown as EventInput
  const v = validateEvent(input)
  return {
    ...v,
    ...(original.patchProperties ? { patchProperties: original.patchProperties } : {}),
    acceptedAt: original.acceptedAt,
  }
}

export type TransformOutcome =
  | { status: 'ok'; event: QueuedEvent; durationMs: number; logs: string[] }
  | { status: 'dropped'; durationMs: number; logs: string[] }
  | { status: 'error'; error: string; durationMs: number; logs: string[] }

/** One transformation on one event. */
export async function runTransformation(
  companyId: number,
  sourceCode: string,
  event: QueuedEvent,
): Promise<TransformOutcome> {
  const r = await runTransformCode(companyId, sourceCode, toTransformEvent(event))
  const base = { durationMs: r.durationMs, logs: r.logs }
  if (!r.ok) return { status: 'error', error: r.error ?? 'The code failed.', ...base }
  if (!r.returned)
    return {
      status: 'error',
      error: 'transform(event) returned nothing: return the event, or null to drop it.',
      ...base,
    }
  if (r.output === null) return { status: 'dropped', ...base }
  try {
    return { status: 'ok', event: fromTransformEvent(r.output, event), ...base }
  } catch (e) {
    if (!(e instanceof AppError)) throw e
    const detail = e.fieldErrors ? Object.entries(e.fieldErrors).map(([k, v]) => `${k}: ${v[0]}`) : []
    return { status: 'error', error: [e.message, ...detail].join(' ').slice(0, 1000), ...base }
  }
}

async function keep(companyId: number, t: CachedTransformation, input: QueuedEvent, o: TransformOutcome) {
  try {
    await db.transformationInvocation.create({
      data: {
        id: ulid(),
        companyId,
        transformationId: t.id,
        status: o.status,
        input: JSON.stringify(toTransformEvent(input)),
        output: null,
        error: o.status === 'error' ? o.error : null,
        durationMs: o.durationMs,
      },
    })
  } catch (e) {
    // The log is a convenience: the event must still be accepted.
    console.warn(`[transformations] could not record a run of ${t.id}: ${e instanceof Error ? e.message : e}`)
  }
}

async function applyAll(companyId: number, list: CachedTransformation[], event: QueuedEvent) {
  let current = event
  for (const t of list) {
    const o = await runTransformation(companyId, t.sourceCode, current)
    if (o.status === 'ok') current = o.event
    else {
      await keep(companyId, t, current, o)
      if (o.status === 'dropped') return null
    }
  }
  return current
}

export const transformationsEventTransformer: EventTransformer = {
  name: 'cdp-code transformations',
  apply(companyId, event) {
    const list = transformationsOf(companyId)
    if (Array.isArray(list)) return list.length ? applyAll(companyId, list, event) : undefined
    return list.then((l) => (l.length ? applyAll(companyId, l, event) : event))
  },
}
