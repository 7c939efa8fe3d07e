import { listPageGet, listPagePost } from '@/lib/messaging/unsubscribe/page-handlers'

export const dynamic = 'force-dynamic'
type Ctx = { params: Promise<{ listId: string }> }

// GET /list/{listId}/email/pages?t= – the preference page of one list for a recipient
export const GET = async (req: Request, { params }: Ctx) => listPageGet(req, (await params).listId)
// POST /list/{listId}/email/pages?t= – stays on or leaves the list, email marketing on or off
export const POST = async (req: Request, { params }: Ctx) => listPagePost(req, (await params).listId)
