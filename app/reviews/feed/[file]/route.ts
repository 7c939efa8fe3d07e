import { feedCompany, reviewsFeedXml } from '@/lib/reviews/reviews-feed'

export const dynamic = 'force-dynamic'

// GET /reviews/feed/{companyPublicKey}.xml – the published product reviews in Google's Product Reviews feed format
export async function GET(_req: Request, ctx: { params: Promise<{ file: string }> }) {
  const { file } = await ctx.params
  const m = /^(.+)\.xml$/.exec(decodeURIComponent(file))
  const company = m ? await feedCompany(m[1]!) : null
  if (!company) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } })
  const chunks = reviewsFeedXml(company)
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next()
      if (next.done) controller.close()
      else controller.enqueue(encoder.encode(next.value))
    },
    async cancel() {
      await chunks.return(undefined)
    },
  })
  return new Response(body, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  })
}
