import { inboundEmailOrReplyPost } from '@/lib/inbox/inbound-email-post'

export const dynamic = 'force-dynamic'

// POST /webhooks/inbound/email?token=<company token> – a customer's reply to an inbox mail, a raw DSN, ARF feedback report or mailto unsubscribe (MTA pipe or forward)
export const POST = (req: Request) => inboundEmailOrReplyPost(req)
