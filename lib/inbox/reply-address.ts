// The Reply-To of the inbox's outbound mails: reply+c<conversation id>.<mac>@<domain>, so the
// customer's answer (piped by the company's MTA to /webhooks/inbound/email) finds its thread.
// The MAC is keyed by the session secret as the inbound webhook tokens are: nobody can write
// into another conversation by guessing an id. Lower-case hex, because some mail systems fold
// the local part's case.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { sessionSecret } from '@/lib/auth/secret'
import { appUrl } from '@/lib/config/app-url'

const mac = (conversationId: number) =>
  createHmac('sha256', sessionSecret())
    .update('inbox-reply:' + conversationId)
    .digest('hex')
    .slice(0, 24)

/** INBOX_REPLY_ADDRESS (e.g. replies@in.shop.example), else reply@<APP_URL host>. */
function baseAddress(): { local: string; domain: string } {
  const configured = process.env.INBOX_REPLY_ADDRESS?.trim()
  if (configured && /^[^@\s]+@[^@\s]+$/.test(configured)) {
    const [local, domain] = configured.split('@') as [string, string]
    return { local, domain }
  }
  return { local: 'reply', domain: new URL(appUrl()).hostname }
}

export function replyAddress(conversationId: number): string {
  const { local, domain } = baseAddress()
  return `${local}+c${conversationId}.${mac(conversationId)}@${domain}`
}

/** The conversation of a genuine reply address among the given recipients, else null. */
export function conversationOfReplyAddress(addresses: string[]): number | null {
  for (const a of addresses) {
    const m = /\+c(\d{1,12})\.([0-9a-f]{24})@/i.exec(a)
    if (!m) continue
    const id = Number(m[1])
    const given = Buffer.from(m[2]!.toLowerCase())
    const want = Buffer.from(mac(id))
    if (given.length === want.length && timingSafeEqual(given, want)) return id
  }
  return null
}
