// What reacts to a profile unsubscribing from email (house style "The way data walks"): the
// unsubscribe hands it to the consumers in this one list, which it owns and imports none of
// (the connected shop's consent write-back, lib/integrations/shopify, registers itself through
// lib/server/consumers.ts). They run inside the unsubscribe's transaction, so what they queue
// exists exactly when the unsubscribe committed; a consumer must never make it fail.
import type { Ops } from '@/lib/db/ops'
import { consumerList } from '@/lib/config/consumer-list'

export interface UnsubscribeConsumer {
  name: string
  /** A profile that was subscribed (or never asked) is now unsubscribed from email marketing. */
  emailUnsubscribed: (companyId: number, profileId: string, now: Date) => Ops<unknown>
}

const consumers = consumerList<UnsubscribeConsumer>('email unsubscribe')

export const registerUnsubscribeConsumer = (consumer: UnsubscribeConsumer): void => consumers.register(consumer)

export function* emailUnsubscribedOps(companyId: number, profileId: string, now: Date): Ops<void> {
  for (const c of consumers.all()) yield* c.emailUnsubscribed(companyId, profileId, now)
}
