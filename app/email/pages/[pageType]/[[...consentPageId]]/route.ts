import { emailPageGet, emailPagePost } from '@/lib/messaging/unsubscribe/page-handlers'

export const dynamic = 'force-dynamic'
type Ctx = { params: Promise<{ pageType: string; consentPageId?: string[] }> }

// GET /email/pages/{pageType}[/{consentPageId}]?t= – a recipient's hosted email page (unsubscribe, unsubscribed, manage_preferences)
export const GET = async (req: Request, { params }: Ctx) => emailPageGet(req, (await params).pageType)
// POST /email/pages/manage_preferences[/{consentPageId}]?t= – saves the recipient's choices
export const POST = async (req: Request, { params }: Ctx) => emailPagePost(req, (await params).pageType)
