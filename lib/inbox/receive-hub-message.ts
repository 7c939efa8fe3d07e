// A shopper's message from the customer hub's contact form, as a chat conversation of the inbox
// (the agent's answer goes to the shopper by email with the thread's reply address, so their
// answer comes back into the same conversation).
import { inWriteTx } from '@/lib/db/ops'
import type { InboundCustomerMessage } from '@/lib/messaging/inbound-message-consumers'
import { applyAutomations } from './apply-automations'
import { storeInboundOps } from './store-inbound-ops'

export async function receiveHubMessage(input: {
  companyId: number
  profileId: string
  hubMessageId: string
  subject: string
  body: string
  now?: Date
}): Promise<number | null> {
  const message: InboundCustomerMessage = {
    companyId: input.companyId,
    profileId: input.profileId,
    channel: 'chat',
    providerMessageId: `hub:${input.hubMessageId}`,
    text: input.body,
    media: [{ contentType: 'message/subject', caption: input.subject }],
    receivedAt: input.now ?? new Date(),
  }
  const stored = await inWriteTx(() => storeInboundOps(message))
  if (stored) await applyAutomations(message, stored)
  return stored?.conversationId ?? null
}
