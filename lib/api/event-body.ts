// The vendor's event body (POST /api/events, /client/events) and its mapping to EventInput.
import { z } from 'zod'
import { acceptEvent } from '@/lib/events/accept-event'
import { assertProfilesExist } from '@/lib/events/check-profile-refs'
import type { EventInput } from '@/lib/events/types'
import { pointerBelow, type PointerFor } from './api-error'
import { profileAttributesShape, profileMeta, toPatchProperties, toProfileInput } from './profile-body'

const eventProfileAttributes = z.object({ ...profileAttributesShape, meta: profileMeta.nullable().optional() })

export const createEventBody = z.object({
  data: z.object({
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
      profile: z.object({
        data: z.object({
          type: z.literal('profile'),
          id: z.string().nullable().optional(),
          attributes: eventProfileAttributes,
        }),
      }),
    }),
  }),
})
export type CreateEventBody = z.infer<typeof createEventBody>

export function toEventInput(body: CreateEventBody): EventInput {
  const a = body.data.attributes
  const profile: EventInput['profile'] = toProfileInput(a.profile.data.attributes)
  if (a.profile.data.id) profile.id = a.profile.data.id
  // meta.patch_properties (append, unappend, unset) is applied to the profile on ingest.
  const patch = toPatchProperties(a.profile.data.attributes.meta)
  return {
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
  }
}

const attrs = pointerBelow('/data/attributes')
const profileAttrs = pointerBelow('/data/attributes/profile/data/attributes')
const metricAttrs = pointerBelow('/data/attributes/metric/data/attributes')

/** Event field errors ("profile.email", "metric.name", "properties.x") as body pointers. */
export const eventPointer: PointerFor = (field) => {
  if (field === 'profile') return '/data/attributes/profile/data'
  if (field === 'profile.id') return '/data/attributes/profile/data/id'
  if (field.startsWith('profile.')) return profileAttrs(field.slice('profile.'.length))
  if (field.startsWith('metric.')) return metricAttrs(field.slice('metric.'.length))
  return attrs(field)
}

/**
 * POST /api/events and /client/events: a profile named by id must be a profile of this company
 * (400 on /data/attributes/profile/data/id), checked before the event is queued, because the
 * worker could only drop it; then the event is validated and queued (202).
 */
export async function acceptEventBody(
  companyId: number,
  body: CreateEventBody,
  source: 'api' | 'client',
): Promise<void> {
  const input = toEventInput(body)
  await assertProfilesExist(companyId, [['profile.id', input.profile.id]])
  await acceptEvent(companyId, input, { source })
}
