import { reviewFormGet, reviewFormPost } from '@/lib/reviews/hosted-form/review-form-handlers'

export const dynamic = 'force-dynamic'

type Ctx = { params: Promise<{ token: string }> }

// GET /reviews/write/{token} – the hosted review form of a review request ({{ review_request_url }})
export const GET = async (req: Request, ctx: Ctx) => reviewFormGet(req, (await ctx.params).token)
// POST /reviews/write/{token} – the form's submission: 400 with field errors, 409 when already reviewed
export const POST = async (req: Request, ctx: Ctx) => reviewFormPost(req, (await ctx.params).token)
