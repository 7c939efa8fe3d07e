import { unsubscribeGet, unsubscribePost } from '@/lib/messaging/unsubscribe/page-handlers'

export const dynamic = 'force-dynamic'

// GET /unsubscribe?t= – the hosted page that confirms an unsubscribe (link in every marketing email)
export const GET = (req: Request) => unsubscribeGet(req)
// POST /unsubscribe?t= – RFC 8058 one-click unsubscribe (no page, login or CSRF token), idempotent
export const POST = (req: Request) => unsubscribePost(req)
