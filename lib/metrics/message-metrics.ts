// The metrics the send pipeline records for its messages, per channel (lib/messaging/
// message-events.ts writes them, reports and outbound webhook topics read them). Names only, in
// lib/metrics so lib/webhooks can list its topics without importing lib/messaging, which
// enqueues webhook deliveries with each message event (issue 30, the folder import cycle).
export const MESSAGE_METRICS = {
  email: {
    sent: 'Received Email',
    opened: 'Opened Email',
    clicked: 'Clicked Email',
    bounced: 'Bounced Email',
    spam: 'Marked Email as Spam',
    unsubscribed: 'Unsubscribed',
    dropped: 'Dropped Email',
  },
  sms: {
    sent: 'Sent SMS',
    received: 'Received SMS',
    clicked: 'Clicked SMS',
    failed: 'Failed to Deliver SMS',
    unsubscribed: 'Unsubscribed from SMS',
  },
  push: { sent: 'Received Push', opened: 'Opened Push', bounced: 'Bounced Push' },
  whatsapp: {
    sent: 'Sent WhatsApp Message',
    received: 'Received WhatsApp Message',
    read: 'Read WhatsApp Message',
    clicked: 'Clicked WhatsApp Message',
    failed: 'Failed to Deliver WhatsApp Message',
    unsubscribed: 'Unsubscribed from WhatsApp',
  },
} as const
