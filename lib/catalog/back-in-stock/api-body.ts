// The vendor's body of POST /api/back-in-stock-subscriptions and /client/back-in-stock-subscriptions:
// { data: { type: 'back-in-stock-subscription', attributes: { channels*, profile: { data: { type:
// 'profile', id?, attributes: { email, phone_number, external_id } } } }, relationships: { variant*:
// { data: { type: 'catalog-variant', id: '$custom:::$default:::{external_id}' } } } } } (202, no body).
// The profile is required on /client. The variant must be this company's.
import { z } from 'zod'
import { pointerBelow, type PointerFor } from '@/lib/api/api-error'
import { badRequest } from '@/lib/errors/app-error'
import { kysely } from '@/lib/db/kysely'
import { read, selectFirst } from '@/lib/db/ops'
import { fromApiId } from '@/lib/ids/catalog-api-id'
import { BIS_CHANNELS, subscribeBackInStock, type BisChannel } from './subscribe'

const profile = z.object({
  data: z.object({
    type: z.literal('profile'),
    id: z.string().nullish(),
    attributes: z
      .object({
        email: z.string().email('Enter a valid email address.').nullish(),
        phone_number: z.string().nullish(),
        external_id: z.string().nullish(),
      })
      .passthrough(),
  }),
})

const body = (profileRequired: boolean) =>
  z.object({
    data: z.object({
      type: z.literal('back-in-stock-subscription'),
      attributes: z.object({
        channels: z
          .array(z.enum(BIS_CHANNELS as unknown as [BisChannel, ...BisChannel[]]))
          .min(1, 'Give at least one channel.'),
        profile: profileRequired ? profile : profile.nullish(),
      }),
      relationships: z.object({
        variant: z.object({ data: z.object({ type: z.literal('catalog-variant'), id: z.string().min(1) }) }),
      }),
    }),
  })

export const apiBisBody = body(false)
export const clientBisBody = body(true)
export type BisBody = z.infer<typeof apiBisBody>

export const bisPointer: PointerFor = (field) => {
  if (field === 'variant') return '/data/relationships/variant/data/id'
  if (field === 'profile') return '/data/attributes/profile'
  return pointerBelow('/data/attributes')(field)
}

/** Subscribes as the body says (400 with a pointer for an unknown variant or a profile with no identifier). */
export async function subscribeFromBody(companyId: number, b: BisBody, source: 'api' | 'client'): Promise<void> {
  const key = fromApiId(b.data.relationships.variant.data.id)
  if (!key)
    throw badRequest('Invalid catalog variant id.', { variant: ['The id must be $custom:::$default:::{external_id}.'] })
  const v = await read(
    selectFirst(
      kysely()
        .selectFrom('CatalogVariant')
        .select('id')
        .where('companyId', '=', companyId)
        .where('integrationKey', '=', key.integrationKey)
        .where('catalogName', '=', key.catalogName)
        .where('externalId', '=', key.externalId),
    ),
  )
  if (!v)
    throw badRequest('This variant does not exist.', {
      variant: ['No catalog variant with this id exists in this account.'],
    })
  const p = b.data.attributes.profile?.data
  if (p?.id && source === 'client')
    throw badRequest('A browser cannot name a profile by id.', {
      profile: ['Give an email, phone_number or external_id.'],
    })
  await subscribeBackInStock(companyId, {
    variantId: v.id,
    channels: b.data.attributes.channels,
    source,
    profile: {
      id: p?.id ?? null,
      email: p?.attributes.email ?? null,
      phone_number: p?.attributes.phone_number ?? null,
      external_id: p?.attributes.external_id ?? null,
    },
  })
}
