import { subscribePageGet, subscribePagePost } from '@/lib/growth/subscribe-links/subscribe-page'

export const dynamic = 'force-dynamic'
type Ctx = { params: Promise<{ slug: string }> }

// GET /subscribe/{slug} – a subscribe link's hosted sign-up page (no app shell, no JavaScript)
export const GET = async (req: Request, { params }: Ctx) => subscribePageGet(req, (await params).slug)
// POST /subscribe/{slug} – the page's form: subscribes to the link's list, then the success page
export const POST = async (req: Request, { params }: Ctx) => subscribePagePost(req, (await params).slug)
