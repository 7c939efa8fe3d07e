// Whether an inbound message feeds the inbox (/inbox/settings/inbound-messages): its channel is
// one of the chosen channels and, for SMS, the number it was sent to is one of the chosen
// numbers (none chosen: every number). For the inbox to ask before it opens a conversation;
// with no settings saved every channel and number feeds it.
import { db } from '@/lib/db/client'
import { INBOX_CHANNELS } from './inbox-settings'
import type { InboxChannel } from './answer-inbound'

const list = (json: string | undefined, fallback: readonly string[]): readonly string[] => {
  try {
    const v: unknown = JSON.parse(json ?? '')
    return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : fallback
  } catch {
    return fallback
  }
}

export async function inboxAccepts(
  companyId: number,
  channel: InboxChannel,
  toNumber?: string | null,
): Promise<boolean> {
  const row = await db.inboxSettings.findUnique({
    where: { companyId },
    select: { channels: true, inboundNumbers: true },
  })
  if (!row) return true
  if (!list(row.channels, INBOX_CHANNELS).includes(channel)) return false
  if (channel !== 'sms' || !toNumber) return true
  const numbers = list(row.inboundNumbers, [])
  return numbers.length === 0 || numbers.includes(toNumber)
}
