// The vendor's bulk event bodies: POST /api/event-bulk-create-jobs (many profiles, each with its
// events) and POST /client/event-bulk-create (one profile and its events). Every event goes
// through acceptEvents, the same validation and ingest queue as POST /api/events; a refused
// event answers 400 pointing at its place in the body and nothing is queued.
import { z } from 'zod'
import { acceptEvents } from '@/lib/events/accept-event'
import { assertProfilesExist } from '@/lib/events/check-profile-refs'
import type { EventInput } from '@/lib/events/types'
import { AppError } from '@/lib/errors/app-error'
import { ApiError, pointerBelow } from '../api-error'
import { profileAttributesShape, profileMeta, toPatchProperties, toProfileInput } from '../profile-body'

/** The vendor's ceiling for one request, across every profile in it. */
export const MAX_BULK_EVENTS = 1000

const bulkEntryEvent = z.object({
  type: z.literal('event'),
  attributes: z.object({
    properties: z.record(z.string(), z.unknown()),
    time: z.string().nullable().optional(),
    value: z.union([z.number(), z.string()]).nullable().optional(),
    value_currency: z.string().nullable().optional(),
    unique_id: z.string().nullable().optional(),
    backfill: z.boolean().nullable().optional(),
    metric: z.object({
      data: z.object({
        type: z.literal('metric'),
        attributes: z.object({ name: z.string(), service: z.string().nullable().optional() }),
      }),
    }),
  }),
})

/** One profile with its events (EventsBulkCreateQueryResourceObject). */
export const bulkEventEntry = z.object({
  type: z.literal('event-bulk-create'),
  attributes: z.object({
    backfill: z.boolean().nullable().optional(),
    profile: z.object({
      data: z.object({
        type: z.literal('profile'),
        id: z.string().nullable().optional(),
        attributes: z.object(profileAttributesShape),
        meta: profileMeta.nullable().optional(),
      }),
    }),
    events: z.object({ data: z.array(bulkEntryEvent).min(1, 'At least one event is required.') }),
  }),
})
type BulkEventEntry = z.infer<typeof bulkEventEntry>

export const eventBulkCreateJobBody = z.object({
  data: z.object({
    type: z.literal('event-bulk-create-job'),
    attributes: z.object({
      'events-bulk-create': z.object({ data: z.array(bulkEventEntry).min(1, 'At least one profile is required.') }),
    }),
  }),
})

export const clientEventBulkCreateBody = z.object({ data: bulkEventEntry })

interface Placed {
  input: EventInput
  entry: string
  event: string
}

/** Every event of the entries with the JSON pointers of its entry and of itself. */
function flatten(entries: Array<{ entry: BulkEventEntry; pointer: string }>): Placed[] {
  const out: Placed[] = []
  for (const { entry, pointer } of entries) {
    const p = entry.attributes.profile.data
    const profile: EventInput['profile'] = toProfileInput(p.attributes)
    if (p.id) profile.id = p.id
    const patch = toPatchProperties(p.meta)
    entry.attributes.events.data.forEach((e, j) => {
      const a = e.attributes
      out.push({
        entry: `${pointer}/attributes/profile/data`,
        event: `${pointer}/attributes/events/data/${j}`,
        input: {
          metric: {
            name: a.metric.data.attributes.name,
            ...(a.metric.data.attributes.service ? { service: a.metric.data.attributes.service } : {}),
          },
          profile,
          ...(patch ? { patchProperties: patch } : {}),
          properties: a.properties,
          ...(a.time ? { time: a.time } : {}),
          ...(a.value != null ? { value: a.value as number } : {}),
          ...(a.value_currency ? { valueCurrency: a.value_currency } : {}),
          ...(a.unique_id ? { uniqueId: a.unique_id } : {}),
        },
      })
    })
  }
  return out
}

/** "3.profile.email" (validateEvents' key for the 4th event) → its pointer in the body. */
function pointerOf(placed: Placed[], key: string): string {
  const m = placed.length > 1 ? /^(\d+)\.(.*)$/.exec(key) : null
  const at = placed[m ? Number(m[1]) : 0]!
  const field = m ? m[2]! : key
  if (field === 'profile') return at.entry
  if (field === 'profile.id') return `${at.entry}/id`
  if (field.startsWith('profile.')) return pointerBelow(`${at.entry}/attributes`)(field.slice('profile.'.length))
  if (field.startsWith('metric.'))
    return pointerBelow(`${at.event}/attributes/metric/data/attributes`)(field.slice('metric.'.length))
  return pointerBelow(`${at.event}/attributes`)(field)
}

/** Validates every event (400 naming each refused field, nothing queued), then queues them all (202). */
export async function acceptBulkEvents(
  companyId: number,
  entries: Array<{ entry: BulkEventEntry; pointer: string }>,
  source: 'api' | 'client',
): Promise<void> {
  const placed = flatten(entries)
  if (placed.length > MAX_BULK_EVENTS) {
    throw new ApiError(
      400,
      'invalid',
      `At most ${MAX_BULK_EVENTS} events per request; this one has ${placed.length}.`,
      { pointer: '/data' },
    )
  }
  try {
    const keyOf = (i: number) => (placed.length > 1 ? `${i}.profile.id` : 'profile.id')
    await assertProfilesExist(
      companyId,
      placed.map((p, i) => [keyOf(i), p.input.profile.id] as const),
    )
    await acceptEvents(
      companyId,
      placed.map((p) => p.input),
      { source },
    )
  } catch (e) {
    if (!(e instanceof AppError) || !e.fieldErrors) throw e
    // One profile named in several events is reported once, at its entry.
    const items = new Map<string, { detail: string; source: { pointer: string } }>()
    for (const [key, messages] of Object.entries(e.fieldErrors)) {
      const pointer = pointerOf(placed, key)
      for (const detail of messages) items.set(`${pointer}\n${detail}`, { detail, source: { pointer } })
    }
    throw ApiError.many(e.status, [...items.values()])
  }
}
