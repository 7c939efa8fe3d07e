// The shop domain a merchant types ("my-shop", "my-shop.myshopify.com", "https://my-shop.myshopify.com/admin")
// as the one form webhooks name it (X-Shopify-Shop-Domain): lower-case host of *.myshopify.com.
export function parseShopDomain(input: string): string | null {
  let s = input.trim().toLowerCase()
  if (!s) return null
  s = s.replace(/^https?:\/\//, '').replace(/[/?#].*$/, '')
  if (/^[a-z0-9][a-z0-9-]{0,59}$/.test(s)) s = `${s}.myshopify.com`
  return /^[a-z0-9][a-z0-9-]{0,59}\.myshopify\.com$/.test(s) ? s : null
}
