// The inbox as a consumer of inbound customer messages (registered by lib/server/consumers.ts):
// the SMS and WhatsApp webhooks never import it.
import type { InboundMessageConsumer } from '@/lib/messaging/inbound-message-consumers'
import { applyAutomations } from './apply-automations'
import { queueAttachments } from './attachments-store'
import { storeInboundOps, type StoredInboundMessage } from './store-inbound-ops'

export const inboxInboundConsumer: InboundMessageConsumer = {
  name: 'inbox',
  store: (m) => storeInboundOps(m),
  afterCommit: async (m, stored) => {
    const s = stored as StoredInboundMessage
    // The attachments are fetched by a job; a queue that fails here must not fail the webhook.
    await queueAttachments(m.companyId, s.messageId, m.media).catch((e: unknown) =>
      console.error('[inbox] attachments of message', s.messageId, 'not queued:', e),
    )
    await applyAutomations(m, s)
  },
}
