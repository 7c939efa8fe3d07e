// The public URL of a product feed for ads (issue 11, K4): GET /product-feed/{id}?token={secret}.
// The token is the only credential; a wrong id or token answers the same 404.
import { feedForToken, renderProductFeed } from '@/lib/catalog/product-feed'

export const dynamic = 'force-dynamic'

export async function GET(req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await ctx.params
  const url = new URL(req.url)
  const token = url.searchParams.get('token') ?? ''
  const feed = token ? await feedForToken(id, token) : null
  if (!feed)
    return new Response('Not found', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    })
  const { body, contentType } = await renderProductFeed(feed, `${url.origin}/product-feed/${feed.id}`)
  return new Response(body, {
    status: 200,
    headers: { 'content-type': contentType, 'cache-control': 'private, max-age=300' },
  })
}
