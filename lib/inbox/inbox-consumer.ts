// The inbox as a consumer of inbound customer messages (registered by lib/server/consumers.ts):
// the SMS and WhatsApp webhooks never import it.
import type { InboundMessageConsumer } from '@/lib/messaging/inbound-message-consumers'
import { applyAutomations } from './apply-automations'
import { storeInboundOps, type StoredInboundMessage } from './store-inbound-ops'

export const inboxInboundConsumer: InboundMessageConsumer = {
  name: 'inbox',
  store: (m) => storeInboundOps(m),
  afterCommit: (m, stored) => applyAutomations(m, stored as StoredInboundMessage),
}
