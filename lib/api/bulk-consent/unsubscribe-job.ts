// The body of POST /api/profile-subscription-bulk-delete-jobs (the vendor's bulk unsubscribe),
// mapped to the queue job's entries (lib/messaging/unsubscribe/bulk-jobs.ts).
import { z } from 'zod'
import { invalidPointer } from '../api-error'
import type { UnsubscribeEntry } from '@/lib/messaging/unsubscribe/bulk-jobs'

export const MAX_UNSUBSCRIBE_PROFILES = 100
const unsub = z.object({ consent: z.literal('UNSUBSCRIBED') })

export const bulkUnsubscribeBody = z.object({
  data: z.object({
    type: z.literal('profile-subscription-bulk-delete-job'),
    attributes: z.object({
      profiles: z.object({
        data: z
          .array(
            z.object({
              type: z.literal('profile'),
              attributes: z.object({
                email: z.string().trim().max(254).nullable().optional(),
                phone_number: z.string().trim().max(32).nullable().optional(),
                subscriptions: z.object({
                  email: z.object({ marketing: unsub.optional(), open_tracking: unsub.optional() }).optional(),
                  sms: z.object({ marketing: unsub.optional(), transactional: unsub.optional() }).optional(),
                  whatsapp: z
                    .object({
                      marketing: unsub.optional(),
                      transactional: unsub.optional(),
                      conversational: unsub.optional(),
                    })
                    .optional(),
                  push: z.object({ marketing: unsub.optional(), tokens: z.array(z.unknown()).optional() }).optional(),
                }),
              }),
            }),
          )
          .min(1, 'At least one profile is required.')
          .max(MAX_UNSUBSCRIBE_PROFILES, `At most ${MAX_UNSUBSCRIBE_PROFILES} profiles per request.`),
      }),
    }),
    relationships: z
      .object({ list: z.object({ data: z.object({ type: z.literal('list'), id: z.string().min(1) }) }).optional() })
      .optional(),
  }),
})

export function bulkUnsubscribeInput(body: z.infer<typeof bulkUnsubscribeBody>): {
  entries: UnsubscribeEntry[]
  listId: string | null
} {
  const entries = body.data.attributes.profiles.data.map((p, i): UnsubscribeEntry => {
    const a = p.attributes
    const s = a.subscriptions
    const at = `/data/attributes/profiles/data/${i}/attributes`
    const channels = {
      emailMarketing: !!s.email?.marketing,
      smsMarketing: !!s.sms?.marketing,
      smsTransactional: !!s.sms?.transactional,
      whatsapp: !!(s.whatsapp?.marketing || s.whatsapp?.transactional || s.whatsapp?.conversational),
      push: !!s.push?.marketing,
    }
    if (!Object.values(channels).some(Boolean))
      throw invalidPointer(`${at}/subscriptions`, 'Name at least one subscription to unsubscribe.')
    if (channels.emailMarketing && !a.email)
      throw invalidPointer(`${at}/email`, 'An email is required to unsubscribe from email.')
    if ((channels.smsMarketing || channels.smsTransactional || channels.whatsapp) && !a.phone_number) {
      throw invalidPointer(`${at}/phone_number`, 'A phone number is required to unsubscribe from SMS or WhatsApp.')
    }
    if (!a.email && !a.phone_number) throw invalidPointer(at, 'An email or a phone number is required.')
    return { email: a.email?.toLowerCase() ?? null, phoneNumber: a.phone_number ?? null, channels }
  })
  return { entries, listId: body.data.relationships?.list?.data.id ?? null }
}
