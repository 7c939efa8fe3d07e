// An impression or click of an in-app message, reported by the mobile SDK (POST
// /client/in-app-events), recorded as an event (In-App Message Shown / Clicked) through the
// event ingest path. The unique id is the message and the SDK's own event id, so a report sent
// twice (a retry after a lost answer) is one event per (message, profile, client event id).
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { acceptEvent } from '@/lib/events/accept-event'
import { parseDefinition } from './in-app-definition'

export const IN_APP_METRICS = { shown: 'In-App Message Shown', clicked: 'In-App Message Clicked' } as const

export const inAppEventBody = z.object({
  data: z.object({
    type: z.literal('in-app-event'),
    attributes: z
      .object({
        message_id: z.string().trim().min(1, 'The message_id is required.').max(64),
        kind: z.enum(['shown', 'clicked'], 'The kind must be shown or clicked.'),
        client_event_id: z.string().trim().min(1, 'The client_event_id is required.').max(100),
        button_index: z.number().int().min(0).max(1).nullish(),
        profile: z
          .object({
            email: z.string().trim().max(320).nullish(),
            phone_number: z.string().trim().max(32).nullish(),
            external_id: z.string().trim().max(200).nullish(),
            anonymous_id: z.string().trim().max(200).nullish(),
          })
          .refine(
            (p) => !!(p.email || p.phone_number || p.external_id || p.anonymous_id),
            'Identify the profile by email, phone_number, external_id or anonymous_id.',
          ),
      })
      .refine((a) => a.kind === 'shown' || a.button_index != null, {
        path: ['button_index'],
        message: 'A click names its button_index.',
      }),
  }),
})
export type InAppEventInput = z.infer<typeof inAppEventBody>['data']['attributes']

/** False when the message is not one of this company's (nothing is recorded). */
export async function recordInAppEvent(companyId: number, a: InAppEventInput): Promise<boolean> {
  const m = await db.inAppMessage.findFirst({ where: { companyId, id: a.message_id } })
  if (!m) return false
  const button = a.kind === 'clicked' ? parseDefinition(m.definition).buttons[a.button_index ?? 0] : undefined
  await acceptEvent(
    companyId,
    {
      metric: { name: IN_APP_METRICS[a.kind] },
      profile: {
        email: a.profile.email ?? undefined,
        phoneNumber: a.profile.phone_number ?? undefined,
        externalId: a.profile.external_id ?? undefined,
        anonymousId: a.profile.anonymous_id ?? undefined,
      },
      properties: {
        $message: m.id,
        'Message Name': m.name,
        channel: 'in_app',
        ...(button ? { 'Button Label': button.label, 'Deep Link': button.deepLink } : {}),
      },
      uniqueId: `in-app:${m.id}:${a.client_event_id}`,
    },
    { source: 'client' },
  )
  return true
}
