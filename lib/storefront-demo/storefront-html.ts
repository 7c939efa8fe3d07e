// The demo storefront's HTML: a plain third-party-style shop page (no app shell, no React) that
// installs the onsite script with ONE <script async> tag, as a merchant's theme would, and calls
// the vendor's browser API (klaviyo.track) from inline scripts carrying the page's CSP nonce.
import { escapeHtml } from '@/lib/templates/template-output'
import type { StorefrontCompany, StorefrontProduct } from './storefront-data'

export interface PageInput {
  company: StorefrontCompany
  nonce: string | null
  /** Query suffix that keeps ?company_id on the store's own links ('' for the default store). */
  keyQuery: string
  embedFormIds: string[]
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1d2330;background:#fafaf7}
a{color:inherit}header{display:flex;align-items:center;justify-content:space-between;gap:16px;padding:16px 24px;background:#fff;border-bottom:1px solid #e6e4dc}
header a.brand{font-weight:700;font-size:20px;text-decoration:none}header nav{display:flex;gap:16px;font-size:14px}
main{max-width:1100px;margin:0 auto;padding:24px}h1{font-size:28px;margin:8px 0 16px}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:20px}
.card{background:#fff;border:1px solid #e6e4dc;border-radius:10px;overflow:hidden;text-decoration:none;display:block}
.card img,.product img{width:100%;aspect-ratio:1;object-fit:cover;display:block;background:#eee}
.card div{padding:10px 12px}.card .t{font-weight:600}.price{color:#3b4252}
.product{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:32px;align-items:start}
.product button{font:inherit;font-weight:600;padding:12px 20px;border-radius:8px;border:0;background:#1d2330;color:#fff;cursor:pointer}
.added{margin-left:12px;color:#16845c}.hero{background:#1d2330;color:#fff;border-radius:12px;padding:28px;margin-bottom:24px}
footer{border-top:1px solid #e6e4dc;background:#fff;margin-top:40px;padding:24px}footer .inner{max-width:1100px;margin:0 auto}
.note{font-size:13px;color:#5b6270}
@media (max-width:640px){.product{grid-template-columns:1fr}main{padding:16px}header{padding:12px 16px}}
`

const money = (p: StorefrontProduct, currency: string) =>
  p.price === null ? '' : new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(p.price)

const nonceAttr = (nonce: string | null) => (nonce ? ` nonce="${escapeHtml(nonce)}"` : '')

/** JSON inside <script>: escaped so no value can close the element or open a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

function layout(input: PageInput, title: string, body: string, inlineScript = ''): string {
  const { company, nonce, keyQuery } = input
  const key = encodeURIComponent(company.publicApiKey)
  const embeds = input.embedFormIds.map((id) => `<div class="klaviyo-form-${escapeHtml(id)}"></div>`).join('')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(company.name)}</title><style>${STYLE}</style>
<script async src="/onsite/js/klaviyo.js?company_id=${key}"${nonceAttr(nonce)}></script>
</head><body>
<header><a class="brand" href="/storefront-demo${keyQuery}">${escapeHtml(company.name)}</a>
<nav><a href="/storefront-demo${keyQuery}">Shop</a><a href="/dashboard">Back to the product</a></nav></header>
<main>${body}</main>
<footer><div class="inner"><h2>Stay in the loop</h2>${embeds || '<p class="note">Publish an embedded form to show it here.</p>'}
<p class="note">A demo storefront served by the product: every page loads the onsite script with one tag, as a store theme would.</p></div></footer>
${inlineScript ? `<script${nonceAttr(nonce)}>${inlineScript}</script>` : ''}
</body></html>`
}

export function renderHome(input: PageInput, products: StorefrontProduct[]): string {
  const cards = products
    .map(
      (p) => `<a class="card" href="/storefront-demo/products/${encodeURIComponent(p.id)}${input.keyQuery}">
<img src="${escapeHtml(p.imageUrl ?? '')}" alt="" loading="lazy" width="400" height="400"><div><div class="t">${escapeHtml(p.title)}</div>
<div class="price">${escapeHtml(money(p, input.company.currency))}</div></div></a>`,
    )
    .join('')
  const body = `<section class="hero"><h1>New season, new favourites</h1><p>Browse the catalog: the product pages tell the onsite script what you look at.</p></section>
<div class="grid">${cards || '<p>This store has no published products yet.</p>'}</div>
<section class="reviews"><h2>What shoppers say</h2><div class="klaviyo-reviews-carousel"></div></section>
<section class="reviews"><h2>Reviews of our store</h2><div class="klaviyo-reviews-store"></div></section>`
  return layout(input, 'Shop', body)
}

/** The vendor's Viewed Product and Added to Cart property names (and trackViewedItem's). */
export function productEventProperties(p: StorefrontProduct, url: string) {
  return {
    ProductName: p.title,
    ProductID: p.externalId,
    SKU: p.externalId,
    Categories: p.categories,
    ImageURL: p.imageUrl ?? '',
    URL: url,
    Price: p.price ?? 0,
  }
}

export function renderProduct(input: PageInput, p: StorefrontProduct, url: string): string {
  const props = productEventProperties(p, url)
  const viewedItem = {
    Title: p.title,
    ItemId: p.externalId,
    Categories: p.categories,
    ImageUrl: p.imageUrl ?? '',
    Url: url,
    Metadata: { Price: p.price ?? 0 },
  }
  const body = `<article class="product"><img src="${escapeHtml(p.imageUrl ?? '')}" alt="${escapeHtml(p.title)}" width="400" height="400">
<div><h1>${escapeHtml(p.title)}</h1><p class="price">${escapeHtml(money(p, input.company.currency))}</p><p>${escapeHtml(p.description)}</p>
<div class="klaviyo-star-rating-widget" data-id="${escapeHtml(p.externalId)}"></div>
<button type="button" id="add-to-cart">Add to cart</button><span class="added" id="added" hidden>Added to your cart</span></div></article>
<section class="reviews"><h2>Reviews</h2><div id="klaviyo-reviews-all" data-id="${escapeHtml(p.externalId)}"></div></section>`
  const script = `window.klaviyo=window.klaviyo||[];var item=${scriptJson(props)};
klaviyo.push(['track','Viewed Product',item]);klaviyo.push(['trackViewedItem',${scriptJson(viewedItem)}]);
document.getElementById('add-to-cart').addEventListener('click',function(){klaviyo.push(['track','Added to Cart',Object.assign({},item,{Quantity:1,AddedItemPrice:item.Price,AddedItemQuantity:1})]);document.getElementById('added').hidden=false});`
  return layout(input, p.title, body, script)
}
