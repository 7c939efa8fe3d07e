import { inboundEmailPost } from '@/lib/messaging/bounces/webhook-handlers'

export const dynamic = 'force-dynamic'

// POST /webhooks/inbound/email?token=<company token> – a raw DSN, ARF feedback report or mailto unsubscribe (MTA pipe or forward)
export const POST = (req: Request) => inboundEmailPost(req)
