// A customer's answer to one of the inbox's mails, arriving on the company's inbound-mail
// endpoint (/webhooks/inbound/email): threaded by the Reply-To address the mail carried
// (reply-address.ts), stored once per Message-ID, then answered by the automations. Delivery
// reports and mailto unsubscribes are not replies and keep their own handling.
import { createHash } from 'node:crypto'
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser'
import { inWriteTx, read, selectFirst } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import type { InboundCustomerMessage } from '@/lib/messaging/inbound-message-consumers'
import { applyAutomations } from './apply-automations'
import { conversationOfReplyAddress } from './reply-address'
import { storeInboundOps } from './store-inbound-ops'

export type EmailReplyOutcome =
  | { kind: 'not_a_reply' }
  | { kind: 'reply'; recorded: boolean; conversationId: number }
  | { kind: 'rejected'; reason: string }

const MAX_TEXT = 20_000

const addressesOf = (a: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(a) ? a : a ? [a] : []).flatMap((o) => o.value.map((v) => v.address ?? ''))

/** The new text of a reply: the quoted message below "On … wrote:" or ">" lines is dropped. */
export function newTextOf(text: string): string {
  const lines = text.replace(/\r\n/g, '\n').split('\n')
  const out: string[] = []
  for (const line of lines) {
    if (/^On .+wrote:\s*$/.test(line) || /^-{2,}\s*Original Message\s*-{2,}/i.test(line)) break
    if (/^>/.test(line)) continue
    out.push(line)
  }
  return out.join('\n').trim().slice(0, MAX_TEXT)
}

export async function receiveEmailReply(companyId: number, raw: string, now = new Date()): Promise<EmailReplyOutcome> {
  // A delivery report or feedback report is never a reply, whatever address it names.
  if (/^content-type:\s*multipart\/report/im.test(raw.slice(0, 20_000))) return { kind: 'not_a_reply' }
  let mail: ParsedMail
  try {
    mail = await simpleParser(raw, { skipHtmlToText: false, skipImageLinks: true })
  } catch {
    return { kind: 'not_a_reply' } // the reports' parser says what is wrong with it
  }
  const headerAddresses = ['delivered-to', 'x-original-to']
    .flatMap((h) => {
      const v = mail.headers.get(h)
      return typeof v === 'string' ? [v] : Array.isArray(v) ? v.map(String) : []
    })
    .concat(addressesOf(mail.to), addressesOf(mail.cc))
  const conversationId = conversationOfReplyAddress(headerAddresses)
  if (conversationId === null) return { kind: 'not_a_reply' }
  const conv = await read(
    selectFirst(
      kysely()
        .selectFrom('Conversation')
        .select(['id', 'profileId', 'channel'])
        .where('companyId', '=', companyId)
        .where('id', '=', conversationId),
    ),
  )
  if (!conv) return { kind: 'rejected', reason: 'The reply address names no conversation of this account.' }
  const text = newTextOf(mail.text ?? '')
  const message: InboundCustomerMessage = {
    companyId,
    profileId: conv.profileId,
    channel: conv.channel as 'email' | 'chat',
    providerMessageId: mail.messageId ?? 'sha256:' + createHash('sha256').update(raw).digest('hex'),
    text,
    // Email threads keep their subject as the message's first media entry (send-reply.ts reads it).
    media: mail.subject ? [{ contentType: 'message/subject', caption: mail.subject.slice(0, 200) }] : [],
    receivedAt: now,
  }
  const stored = await inWriteTx(() => storeInboundOps(message))
  if (stored) await applyAutomations(message, stored)
  return { kind: 'reply', recorded: !!stored, conversationId: conv.id }
}
