import { sendgridPost } from '@/lib/messaging/bounces/webhook-handlers'

export const dynamic = 'force-dynamic'

// POST /webhooks/sendgrid?token=<company token> – SendGrid event webhook (bounce, dropped, spamreport, delivered)
export const POST = (req: Request) => sendgridPost(req)
