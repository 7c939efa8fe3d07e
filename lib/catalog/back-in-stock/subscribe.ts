// Back-in-stock subscriptions: a profile asks to hear when a variant is available again
// (/client/back-in-stock-subscriptions, /api/back-in-stock-subscriptions, the flow's own
// back-in-stock-delay for an event-only subscriber). One open subscription per (profile,
// variant); subscribing again while it is open refreshes its channels. subscribeBackInStock also
// records the metric 'Subscribed to Back in Stock' (which enters the metric-triggered
// back-in-stock flow) with the variant in its properties, in the same transaction as the event.
import { kysely } from '@/lib/db/kysely'
import { exec, inWriteTx, read, selectFirst, type Ops } from '@/lib/db/ops'
import { ulid } from '@/lib/ids/make-id'
import { badRequest } from '@/lib/errors/app-error'
import { ingestEvents } from '@/lib/events/ingest-events'
import { BACK_IN_STOCK_METRIC } from '@/lib/flows/templates/back-in-stock'
import { toApiId } from '@/lib/ids/catalog-api-id'

export type BisChannel = 'EMAIL' | 'SMS' | 'PUSH' | 'WHATSAPP'
export const BIS_CHANNELS: readonly BisChannel[] = ['EMAIL', 'SMS', 'PUSH', 'WHATSAPP']
export type BisSource = 'api' | 'client' | 'ajax' | 'flow'

export interface SubscribeOpsInput {
  variantId: string
  profileId: string
  channels: BisChannel[]
  source: BisSource
  now: Date
}

export function* subscribeBackInStockOps(
  companyId: number,
  input: SubscribeOpsInput,
): Ops<{ subscriptionId: string; created: boolean }> {
  const variant = yield* selectFirst(
    kysely()
      .selectFrom('CatalogVariant')
      .select(['id', 'itemId'])
      .where('companyId', '=', companyId)
      .where('id', '=', input.variantId),
  )
  if (!variant) throw badRequest('This variant does not exist.', { variant: ['This variant does not exist.'] })
  const channels = JSON.stringify([...new Set(input.channels)].sort())
  const open = yield* selectFirst(
    kysely()
      .selectFrom('BackInStockSubscription')
      .select(['id'])
      .where('companyId', '=', companyId)
      .where('profileId', '=', input.profileId)
      .where('variantId', '=', input.variantId)
      .where('openKey', '=', ''),
  )
  if (open) {
    yield* exec(
      kysely()
        .updateTable('BackInStockSubscription')
        .set({ channels, updatedAt: input.now })
        .where('companyId', '=', companyId)
        .where('id', '=', open.id),
    )
    return { subscriptionId: open.id, created: false }
  }
  const id = ulid(input.now.getTime())
  const n = yield* exec(
    kysely()
      .insertInto('BackInStockSubscription')
      .values({
        id,
        companyId,
        profileId: input.profileId,
        variantId: input.variantId,
        itemId: variant.itemId,
        channels,
        source: input.source,
        openKey: '',
        notifiedAt: null,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .onConflict((oc) => oc.columns(['companyId', 'profileId', 'variantId', 'openKey']).doNothing()),
  )
  if (n) return { subscriptionId: id, created: true }
  const raced = yield* selectFirst(
    kysely()
      .selectFrom('BackInStockSubscription')
      .select(['id'])
      .where('companyId', '=', companyId)
      .where('profileId', '=', input.profileId)
      .where('variantId', '=', input.variantId)
      .where('openKey', '=', ''),
  )
  return { subscriptionId: raced!.id, created: false }
}

export interface SubscribeInput {
  /** Internal CatalogVariant id. */
  variantId: string
  profile: { id?: string | null; email?: string | null; phone_number?: string | null; external_id?: string | null }
  channels: BisChannel[]
  source: BisSource
  now?: Date
}

/** The variant's item and ids, for the event's properties. */
async function variantInfo(companyId: number, variantId: string) {
  return read(
    selectFirst(
      kysely()
        .selectFrom('CatalogVariant as v')
        .innerJoin('CatalogItem as i', (j) => j.onRef('i.id', '=', 'v.itemId').onRef('i.companyId', '=', 'v.companyId'))
        .select([
          'v.id as id',
          'v.externalId as externalId',
          'v.title as title',
          'v.sku as sku',
          'v.price as price',
          'v.url as url',
          'v.imageFullUrl as image',
          'i.id as itemId',
          'i.externalId as itemExternalId',
          'i.title as itemTitle',
          'i.url as itemUrl',
          'i.imageFullUrl as itemImage',
        ])
        .where('v.companyId', '=', companyId)
        .where('v.id', '=', variantId),
    ),
  )
}

/**
 * Resolves (or creates) the profile, records the 'Subscribed to Back in Stock' event and writes
 * the subscription. Field errors (400) for an unknown variant or a profile with no identifier.
 */
export async function subscribeBackInStock(
  companyId: number,
  input: SubscribeInput,
): Promise<{ subscriptionId: string; profileId: string; created: boolean }> {
  const now = input.now ?? new Date()
  const channels = [...new Set(input.channels)]
  if (!channels.length || channels.some((c) => !BIS_CHANNELS.includes(c))) {
    throw badRequest('Choose at least one channel.', {
      channels: [`Channels must be one or more of ${BIS_CHANNELS.join(', ')}.`],
    })
  }
  const p = input.profile
  if (!p.id && !p.email && !p.phone_number && !p.external_id) {
    throw badRequest('The profile needs an identifier.', {
      profile: ['Give the profile an id, email, phone_number or external_id.'],
    })
  }
  const v = await variantInfo(companyId, input.variantId)
  if (!v) throw badRequest('This variant does not exist.', { variant: ['This variant does not exist.'] })
  // One event per open subscription: a repeat before the variant's next release carries the same
  // unique_id (deduplicated: the flow is not entered twice); after a release, a new one.
  const last = await read(
    selectFirst(
      kysely()
        .selectFrom('BackInStockSubscription')
        .select((eb) => eb.fn.max('notifiedAt').as('last'))
        .where('companyId', '=', companyId)
        .where('variantId', '=', v.id),
    ),
  )
  const cycle = last?.last ? new Date(last.last as string | Date).toISOString() : 'first'
  const [result] = await ingestEvents(
    companyId,
    [
      {
        metric: { name: BACK_IN_STOCK_METRIC },
        profile: {
          ...(p.id ? { id: p.id } : {}),
          ...(p.email ? { email: p.email } : {}),
          ...(p.phone_number ? { phoneNumber: p.phone_number } : {}),
          ...(p.external_id ? { externalId: p.external_id } : {}),
        },
        properties: {
          VariantID: v.id,
          VariantExternalID: v.externalId,
          CatalogVariantID: toApiId(v.externalId),
          SKU: v.sku,
          VariantName: v.title,
          Price: Number(v.price),
          ItemID: v.itemId,
          ProductID: v.itemExternalId,
          ProductName: v.itemTitle,
          URL: v.url || v.itemUrl,
          ImageURL: v.image ?? v.itemImage ?? null,
          Channels: channels,
          $source: input.source,
        },
        time: now,
        uniqueId: `bis:${v.id}:${cycle}`,
      },
    ],
    { mode: input.source === 'client' ? 'client' : 'import' },
  )
  const profileId = result!.profileId
  const sub = await inWriteTx(() =>
    subscribeBackInStockOps(companyId, { variantId: v.id, profileId, channels, source: input.source, now }),
  )
  return { ...sub, profileId }
}
