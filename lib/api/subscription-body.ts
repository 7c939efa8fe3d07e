// The bulk subscribe body (POST /api/profile-subscription-bulk-create-jobs) and the browser's
// single subscription (/client/subscriptions), mapped to lib/profiles/subscribe-profiles.
import { z } from 'zod'
import { assertProfilesExist } from '@/lib/events/check-profile-refs'
import type { SubscribeInput } from '@/lib/profiles/subscribe-profiles'
import { pointerBelow, type PointerFor } from './api-error'
import { profileAttributesShape, profileMeta, toProfileInput } from './profile-body'

const consent = z.object({ consent: z.literal('SUBSCRIBED'), consented_at: z.string().nullable().optional() })
export const subscriptionsAttr = z.object({
  email: z
    .object({ marketing: consent.nullable().optional(), open_tracking: z.unknown().optional() })
    .nullable()
    .optional(),
  sms: z
    .object({ marketing: consent.nullable().optional(), transactional: consent.nullable().optional() })
    .nullable()
    .optional(),
  whatsapp: z.unknown().optional(),
  push: z.unknown().optional(),
})

const listRelationship = z.object({ data: z.object({ type: z.literal('list'), id: z.string().min(1) }) })

export const bulkSubscribeBody = z.object({
  data: z.object({
    type: z.literal('profile-subscription-bulk-create-job'),
    attributes: z.object({
      custom_source: z.string().max(255).nullable().optional(),
      historical_import: z.boolean().optional(),
      profiles: z.object({
        data: z
          .array(
            z.object({
              type: z.literal('profile'),
              id: z.string().nullable().optional(),
              attributes: z.object({
                ...profileAttributesShape,
                subscriptions: subscriptionsAttr,
                age_gated_date_of_birth: z.string().nullable().optional(),
              }),
            }),
          )
          .min(1)
          .max(1000, 'At most 1000 profiles can be subscribed per request.'),
      }),
    }),
    relationships: z.object({ list: listRelationship.optional() }).optional(),
  }),
})

export const clientSubscriptionBody = z.object({
  data: z.object({
    type: z.literal('subscription'),
    attributes: z.object({
      custom_source: z.string().max(255).nullable().optional(),
      profile: z.object({
        data: z.object({
          type: z.literal('profile'),
          id: z.string().nullable().optional(),
          attributes: z.object({
            ...profileAttributesShape,
            meta: profileMeta.nullable().optional(),
            subscriptions: subscriptionsAttr.optional(),
          }),
        }),
      }),
    }),
    relationships: z.object({ list: listRelationship }),
  }),
})

type Subs = z.infer<typeof subscriptionsAttr> | undefined
type SubscribeProfile = SubscribeInput['profiles'][number]

function toSubscriptions(s: Subs, fallback: { email: boolean; sms: boolean }): SubscribeProfile['subscriptions'] {
  const out: SubscribeProfile['subscriptions'] = {}
  const c = (x: { consent: 'SUBSCRIBED'; consented_at?: string | null } | null | undefined) =>
    x ? { consent: x.consent, ...(x.consented_at ? { consentedAt: x.consented_at } : {}) } : undefined
  const email = c(s?.email?.marketing)
  const sms = c(s?.sms?.marketing)
  const tx = c(s?.sms?.transactional)
  if (email) out.email = { marketing: email }
  if (sms || tx)
    out.sms = {
      ...(sms ? { marketing: sms } : {}),
      ...(tx ? { transactional: { consent: 'SUBSCRIBED' as const } } : {}),
    }
  // A browser sign-up without an explicit subscriptions object subscribes what it gave.
  if (!s) {
    if (fallback.email) out.email = { marketing: { consent: 'SUBSCRIBED' } }
    if (fallback.sms) out.sms = { marketing: { consent: 'SUBSCRIBED' } }
  }
  return out
}

export function toSubscribeInput(body: z.infer<typeof bulkSubscribeBody>): SubscribeInput {
  const a = body.data.attributes
  return {
    listId: body.data.relationships?.list?.data.id,
    customSource: a.custom_source ?? undefined,
    historicalImport: a.historical_import ?? false,
    profiles: a.profiles.data.map((p) => {
      // age_gated_date_of_birth is accepted but not stored (no age gating here).
      const { subscriptions, ...rest } = p.attributes
      const attrs = { ...rest, age_gated_date_of_birth: undefined }
      return {
        ...toProfileInput(attrs),
        ...(p.id ? { id: p.id } : {}),
        subscriptions: toSubscriptions(subscriptions, { email: false, sms: false }),
      }
    }),
  }
}

export function clientSubscribeInput(body: z.infer<typeof clientSubscriptionBody>): SubscribeInput {
  const p = body.data.attributes.profile.data
  const { subscriptions, ...attrs } = p.attributes
  const profile = toProfileInput(attrs)
  return {
    listId: body.data.relationships.list.data.id,
    customSource: body.data.attributes.custom_source ?? undefined,
    profiles: [
      {
        ...profile,
        ...(p.id ? { id: p.id } : {}),
        subscriptions: toSubscriptions(subscriptions, { email: !!profile.email, sms: !!profile.phoneNumber }),
      },
    ],
  }
}

/** "profiles.3.subscriptions.email.marketing.consented_at" → the body's pointer. */
export const bulkSubscribePointer: PointerFor = (field) => {
  const m = /^profiles\.(\d+)(?:\.(.*))?$/.exec(field)
  if (m?.[2] === 'id') return `/data/attributes/profiles/data/${m[1]}/id`
  if (m) return pointerBelow(`/data/attributes/profiles/data/${m[1]}/attributes`)(m[2] ?? '')
  if (field === 'profiles') return '/data/attributes/profiles/data'
  if (field === 'listId' || field === 'list') return '/data/relationships/list/data/id'
  return pointerBelow('/data/attributes')(field)
}

export const clientSubscribePointer: PointerFor = (field) => {
  const m = /^profiles\.0(?:\.(.*))?$/.exec(field)
  if (m?.[1] === 'id') return '/data/attributes/profile/data/id'
  if (m) return pointerBelow('/data/attributes/profile/data/attributes')(m[1] ?? '')
  if (field === 'listId' || field === 'list') return '/data/relationships/list/data/id'
  return pointerBelow('/data/attributes')(field)
}

/** Profiles named by id must be this company's: a 400 on each such id, before anything is written. */
export const checkSubscribeProfiles = (companyId: number, input: SubscribeInput) =>
  assertProfilesExist(
    companyId,
    input.profiles.map((p, i) => [`profiles.${i}.id`, p.id] as const),
  )
