// What a channel's provider does with one claimed Send: render it for its profile and hand it
// over, and say what happened (never throws). One module per channel in this folder; the
// delivery worker (deliver-sends.ts) picks it by Send.channel through ./index.ts.
import type { ClaimedSend } from '../claim-sends'
import type { DeliveryOutcome } from '../record-outcome'

export type DeliverChannel = (s: ClaimedSend, now: Date) => Promise<DeliveryOutcome>

export const notConfigured = (channel: string): DeliveryOutcome => ({
  kind: 'failed',
  reason: 'channel_not_configured',
  error: `No ${channel} provider is configured.`,
})
