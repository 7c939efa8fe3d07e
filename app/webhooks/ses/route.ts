import { sesPost } from '@/lib/messaging/bounces/webhook-handlers'

export const dynamic = 'force-dynamic'

// POST /webhooks/ses?token=<company token> – Amazon SES bounce, complaint and delivery notifications through SNS
export const POST = (req: Request) => sesPost(req)
