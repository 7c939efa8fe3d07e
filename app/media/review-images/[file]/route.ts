import { SESSION_COOKIE } from '@/lib/auth/config'
import { getPrincipal } from '@/lib/auth/session'
import { parseCookies } from '@/lib/text/cookies'
import { readReviewImage } from '@/lib/reviews/review-images'

export const dynamic = 'force-dynamic'

// GET /media/review-images/{file} – a shopper's review photo from our origin: public once the review is shown, else for its company's users
export async function GET(req: Request, context: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await context.params
  const principal = await getPrincipal(parseCookies(req.headers.get('cookie'))[SESSION_COOKIE]).catch(() => null)
  const img = await readReviewImage(file, principal?.companyId ?? null)
  if (!img) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })
  return new Response(new Uint8Array(img.bytes), {
    status: 200,
    headers: {
      'content-type': img.mime,
      'content-length': String(img.bytes.length),
      // not immutable: a photo of a review the merchant takes down must stop being served
      'cache-control': principal ? 'private, no-store' : 'public, max-age=300',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  })
}
