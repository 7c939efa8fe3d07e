// What reacts to a customer's message that is not a keyword (house style "The way data walks"):
// the SMS and WhatsApp webhooks hand each one to the consumers in this list, which messaging
// owns and imports none of (the conversations inbox, lib/inbox, registers itself through
// lib/server/consumers.ts). store runs inside the webhook's transaction, so the message is kept
// exactly when the webhook's event is; afterCommit runs once it committed (automatic answers
// call providers, which never happens inside a transaction) and must not make the webhook fail.
import type { Ops } from '@/lib/db/ops'
import { consumerList } from '@/lib/config/consumer-list'
import { allowsPrivate } from '@/lib/net/address-policy'

export interface InboundMedia {
  contentType: string
  /** MMS: the provider's URL of the file. */
  url?: string
  /** WhatsApp: the Cloud API's media id. */
  mediaId?: string
  caption?: string
}

export interface InboundCustomerMessage {
  companyId: number
  profileId: string
  channel: 'sms' | 'whatsapp' | 'email' | 'chat'
  /** The provider's id of the message (MessageSid, wamid, Message-ID): a redelivery carries the same. */
  providerMessageId: string
  text: string
  media: InboundMedia[]
  receivedAt: Date
  /** SMS: the company's number it was sent to. */
  to?: string
  /** The sender's profile was made in this transaction: nothing of theirs (a conversation) exists yet. */
  newProfile?: boolean
}

export interface InboundMessageConsumer {
  name: string
  /** Returns what afterCommit needs, or null when there is nothing to do after the commit. */
  store: (m: InboundCustomerMessage) => Ops<unknown>
  afterCommit: (m: InboundCustomerMessage, stored: unknown) => Promise<void>
}

const consumers = consumerList<InboundMessageConsumer>('inbound message')

export const registerInboundMessageConsumer = (c: InboundMessageConsumer): void => consumers.register(c)

export type StoredInbound = Array<{ consumer: InboundMessageConsumer; stored: unknown }>

export function* storeInboundMessageOps(m: InboundCustomerMessage): Ops<StoredInbound> {
  const out: StoredInbound = []
  for (const consumer of consumers.all()) {
    const stored = yield* consumer.store(m)
    if (stored != null) out.push({ consumer, stored })
  }
  return out
}

export async function afterInboundMessage(m: InboundCustomerMessage, stored: StoredInbound): Promise<void> {
  for (const s of stored) await s.consumer.afterCommit(m, s.stored)
}

/** What the inbox keeps of a customer's attachments: pictures, short clips, voice notes, PDFs and contact cards. */
const ACCEPTED_MEDIA =
  /^(image\/(jpeg|png|gif|webp)|video\/(mp4|3gpp)|audio\/(mpeg|ogg|amr|aac|mp4)|application\/pdf|text\/(x-)?vcard)$/i
export const MAX_INBOUND_MEDIA = 10

export const acceptedMedia = (media: InboundMedia[]): InboundMedia[] =>
  media.filter((m) => ACCEPTED_MEDIA.test(m.contentType.split(';')[0]!.trim())).slice(0, MAX_INBOUND_MEDIA)

/** Twilio's MMS fields (NumMedia, MediaUrl0…, MediaContentType0…). */
export function twilioMedia(params: Record<string, string>): InboundMedia[] {
  const n = Math.min(Number(params.NumMedia) || 0, MAX_INBOUND_MEDIA)
  const out: InboundMedia[] = []
  for (let i = 0; i < n; i++) {
    const url = params[`MediaUrl${i}`]
    const contentType = params[`MediaContentType${i}`]
    // https only, unless the operator lets providers be local (PROVIDERS_ALLOW_PRIVATE: a stand-in).
    const scheme = allowsPrivate('provider') ? /^https?:\/\// : /^https:\/\//
    if (url && contentType && scheme.test(url)) out.push({ url, contentType })
  }
  return acceptedMedia(out)
}
