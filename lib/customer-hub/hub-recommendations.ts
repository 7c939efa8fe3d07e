// The hub's product recommendations extension: the catalog's best sellers (lib/catalog), only when
// the merchant switched the extension on, and only http(s) links reach the page.
import { candidateIds, cachedCatalogItems, recommend } from '@/lib/catalog/recommendations'
import { getHubSettings } from './hub-settings'

const safeUrl = (u: string) => (/^https?:\/\//i.test(u) ? u : null)

export async function hubRecommendations(companyId: number, profileId: string, now = new Date()) {
  const { extensions } = await getHubSettings(companyId)
  if (!extensions.recommendations) return { products: [] }
  const input = { companyId, profileId, now }
  const items = await cachedCatalogItems(companyId, await candidateIds('best_sellers', input), now.getTime())
  const ids = await recommend('best_sellers', 4, input, (id) => items.has(id))
  return {
    products: ids.map((id) => {
      const item = items.get(id)!
      return { id, name: item.title, url: safeUrl(item.url), price: item.price }
    }),
  }
}
