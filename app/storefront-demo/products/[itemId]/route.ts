// GET /storefront-demo/products/{itemId}: a product page that tracks Viewed Product and, on its
// button, Added to Cart through the onsite script's klaviyo object (issue 20 §4).
import { storefrontProduct } from '@/lib/storefront-demo/storefront-data'
import { renderProduct } from '@/lib/storefront-demo/storefront-html'
import { html, notFoundPage, pageInput } from '@/lib/storefront-demo/storefront-response'

export const dynamic = 'force-dynamic'

export async function GET(req: Request, ctx: { params: Promise<{ itemId: string }> }): Promise<Response> {
  const { itemId } = await ctx.params
  const input = await pageInput(req)
  if (!input) return notFoundPage()
  const product = await storefrontProduct(input.company.id, itemId.slice(0, 64))
  if (!product) return notFoundPage()
  return html(renderProduct(input, product, new URL(req.url).href))
}
