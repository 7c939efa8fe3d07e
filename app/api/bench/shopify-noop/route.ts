// The baseline of the Shopify webhook benchmark (bench/shopify-webhooks.mts): a bare handler of
// the same build that reads the raw body, checks its X-Shopify-Hmac-Sha256 against a fixed
// secret and answers 200, so POST /webhooks/shopify is compared with the least any receiver must
// do. Only with BENCH_ROUTES=1 (read per request); otherwise 404 like any unknown path.
import { verifyShopifyHmac } from '@/lib/integrations/shopify/webhooks/verify-hmac'

export const dynamic = 'force-dynamic'

const BENCH_SHOPIFY_SECRET = 'bench-shopify-secret'

// POST /api/bench/shopify-noop – 200 when the HMAC matches, 401 otherwise (BENCH_ROUTES=1), else 404
export async function POST(req: Request): Promise<Response> {
  if (process.env.BENCH_ROUTES !== '1') return new Response(null, { status: 404 })
  const body = Buffer.from(await req.arrayBuffer())
  const ok = verifyShopifyHmac(BENCH_SHOPIFY_SECRET, body, req.headers.get('x-shopify-hmac-sha256'))
  return new Response(null, { status: ok ? 200 : 401 })
}
