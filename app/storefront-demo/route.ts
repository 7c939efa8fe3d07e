// GET /storefront-demo: the demo store's home page (issue 20 §4), loading the onsite script.
import { storefrontProducts } from '@/lib/storefront-demo/storefront-data'
import { renderHome } from '@/lib/storefront-demo/storefront-html'
import { html, notFoundPage, pageInput } from '@/lib/storefront-demo/storefront-response'

export const dynamic = 'force-dynamic'

export async function GET(req: Request): Promise<Response> {
  const input = await pageInput(req)
  if (!input) return notFoundPage()
  return html(renderHome(input, await storefrontProducts(input.company.id)))
}
