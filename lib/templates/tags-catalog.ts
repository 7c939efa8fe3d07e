// The catalog, coupon and recommendation tags (lib/templates/README-catalog.md). Rendering is
// synchronous, so these tags only read what the pre-render step (catalog-prerender.ts) put in
// the context under CATALOG_DATA_KEY: assigned coupon codes, item views and recommendation
// lists. Without that data (a render that skipped the step) they print nothing.
import {
  Tag,
  Value,
  type Context,
  type Emitter,
  type Liquid,
  type Parser,
  type TagToken,
  type TopLevelToken,
  type Template,
} from 'liquidjs'
import { smartSplit } from './translate-django-syntax'
import { templateEnv } from './template-env'
import { escapeHtml, toText } from './template-output'

export const CATALOG_DATA_KEY = '$catalog'

/** An item as templates see it (lib/catalog/recommendations.ts CatalogItemView). */
export interface TemplateItem {
  id: string
  title: string
  url: string
  price: number | null
  image: string
  [k: string]: unknown
}

export interface CatalogRenderData {
  /** coupon external id → the code assigned for this render. */
  coupons: Record<string, string>
  /** external id → item (published items only). */
  items: Record<string, TemplateItem>
  /** `${kind}:${count}` → external ids. */
  recommendations: Record<string, string[]>
  currency?: string
}

function dataOf(ctx: Context): CatalogRenderData | null {
  const v = ctx.getSync([CATALOG_DATA_KEY]) as CatalogRenderData | undefined
  return v && typeof v === 'object' && v.items ? v : null
}

const PREFIX = '$custom:::$default:::'
function itemOf(data: CatalogRenderData | null, id: unknown): TemplateItem | null {
  if (!data) return null
  let key = toText(id).trim()
  if (key.startsWith(PREFIX)) key = key.slice(PREFIX.length)
  return key && Object.hasOwn(data.items, key) ? data.items[key]! : null
}

/** A literal string argument ('x' or "x"), as the pre-render step reads it. */
export function literalArg(raw: string | undefined): string | null {
  const m = /^(['"])(.*)\1$/.exec((raw ?? '').trim())
  return m ? m[2]! : null
}

/** One formatter per locale and currency: building an Intl.NumberFormat costs far more than formatting with it. */
const priceFormats = new Map<string, Intl.NumberFormat | null>()

function formatPrice(price: number | null, ctx: Context): string {
  if (price === null || price === undefined || !Number.isFinite(price)) return ''
  const env = templateEnv(ctx)
  const key = `${env.locale}|${env.currency}`
  let f = priceFormats.get(key)
  if (f === undefined) {
    try {
      f = new Intl.NumberFormat(env.locale, { style: 'currency', currency: env.currency })
    } catch {
      f = null // an unknown locale or currency code
    }
    if (priceFormats.size < 500) priceFormats.set(key, f)
  }
  return f ? f.format(price) : price.toFixed(2)
}

/** The ready-made card of {% product_block %} / {% product_recommendations %}. */
function card(item: TemplateItem, ctx: Context): string {
  const env = templateEnv(ctx)
  const price = formatPrice(item.price, ctx)
  if (env.mode === 'text') return `${item.title}${price ? ` — ${price}` : ''}${item.url ? ` (${item.url})` : ''}`
  const link = (inner: string) =>
    item.url ? `<a href="${escapeHtml(item.url)}" style="color:inherit;text-decoration:none">${inner}</a>` : inner
  return [
    '<table role="presentation" class="product-block" cellpadding="0" cellspacing="0" style="width:100%;max-width:280px;margin:0 auto;text-align:center"><tr><td>',
    item.image
      ? link(
          `<img src="${escapeHtml(item.image)}" alt="${escapeHtml(item.title)}" width="240" style="display:block;width:100%;max-width:240px;height:auto;margin:0 auto;border:0">`,
        )
      : '',
    `<p style="margin:8px 0 4px;font-weight:bold">${link(escapeHtml(item.title))}</p>`,
    price ? `<p style="margin:0 0 8px">${escapeHtml(price)}</p>` : '',
    item.url
      ? `<p style="margin:0"><a href="${escapeHtml(item.url)}" style="display:inline-block;padding:8px 16px;background:#222;color:#fff;text-decoration:none;border-radius:4px">Shop now</a></p>`
      : '',
    '</td></tr></table>',
  ].join('')
}

/** {% coupon_code 'COUPON_ID' %} */
class CouponCodeTag extends Tag {
  private couponId: string
  constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid) {
    super(token, remainTokens, liquid)
    const id = literalArg(token.args)
    if (!id) throw new Error("'coupon_code' expects the coupon id in quotes, e.g. {% coupon_code 'WELCOME10' %}")
    this.couponId = id
  }
  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    const code = dataOf(ctx)?.coupons[this.couponId] ?? ''
    emitter.write(templateEnv(ctx).mode === 'text' ? code : escapeHtml(code))
  }
}

/** Parses a body up to {% end<name> %}, with an optional {% else %}. */
function parseBody(name: string, token: TagToken, remainTokens: TopLevelToken[], parser: Parser) {
  const body: Template[] = []
  const otherwise: Template[] = []
  let into = body
  parser
    .parseStream(remainTokens)
    .on('tag:else', () => (into = otherwise))
    .on(`tag:end${name}`, function (this: { stop(): void }) {
      this.stop()
    })
    .on('template', (tpl: Template) => into.push(tpl))
    .on('end', () => {
      throw new Error(`tag ${token.getText()} not closed`)
    })
    .start()
  return { body, otherwise }
}

/** {% catalog event.ProductID %}…{{ catalog_item.title }}…{% else %}…{% endcatalog %} */
class CatalogTag extends Tag {
  private id: Value
  private body: Template[]
  private otherwise: Template[]
  constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid, parser: Parser) {
    super(token, remainTokens, liquid)
    const parts = smartSplit(token.args)
    if (!parts[0]) throw new Error("'catalog' expects a product id, e.g. {% catalog event.ProductID %}")
    this.id = new Value(parts[0], liquid)
    ;({ body: this.body, otherwise: this.otherwise } = parseBody('catalog', token, remainTokens, parser))
  }
  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    const item = itemOf(dataOf(ctx), yield this.id.value(ctx, false))
    if (!item) {
      yield this.liquid.renderer.renderTemplates(this.otherwise, ctx, emitter)
      return
    }
    ctx.push({ catalog_item: item })
    try {
      yield this.liquid.renderer.renderTemplates(this.body, ctx, emitter)
    } finally {
      ctx.pop()
    }
  }
}

/** {% product_block event.ProductID %}: the ready-made card, nothing for an unknown id. */
class ProductBlockTag extends Tag {
  private id: Value
  constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid) {
    super(token, remainTokens, liquid)
    if (!token.args.trim())
      throw new Error("'product_block' expects a product id, e.g. {% product_block event.ProductID %}")
    this.id = new Value(token.args, liquid)
  }
  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    const item = itemOf(dataOf(ctx), yield this.id.value(ctx, false))
    if (item) emitter.write(card(item, ctx))
  }
}

export const RECOMMENDATION_TAG_KINDS = [
  'recently_viewed',
  'best_sellers',
  'frequently_bought_together',
  'newest',
] as const

/** 'best_sellers' 4 → { kind, count } (count 1–12, default 4). */
export function recommendationArgs(args: string): { kind: string; count: number } {
  const parts = smartSplit(args)
  const kind = literalArg(parts[0])
  if (!kind || !(RECOMMENDATION_TAG_KINDS as readonly string[]).includes(kind)) {
    throw new Error(
      `'recommendations' expects a kind in quotes: ${RECOMMENDATION_TAG_KINDS.map((k) => `'${k}'`).join(', ')}`,
    )
  }
  const count = parts[1] === undefined ? 4 : Number(parts[1])
  if (!Number.isInteger(count) || count < 1 || count > 12)
    throw new Error("'recommendations' count must be a whole number from 1 to 12")
  return { kind, count }
}

function recommended(ctx: Context, kind: string, count: number): TemplateItem[] {
  const data = dataOf(ctx)
  const ids = data?.recommendations[`${kind}:${count}`] ?? []
  return ids.map((id) => itemOf(data, id)).filter((x): x is TemplateItem => !!x)
}

/** {% recommendations 'best_sellers' 4 %}{% for item in products %}…{% endfor %}{% endrecommendations %} */
class RecommendationsTag extends Tag {
  private kind: string
  private count: number
  private body: Template[]
  private otherwise: Template[]
  constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid, parser: Parser) {
    super(token, remainTokens, liquid)
    ;({ kind: this.kind, count: this.count } = recommendationArgs(token.args))
    ;({ body: this.body, otherwise: this.otherwise } = parseBody('recommendations', token, remainTokens, parser))
  }
  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    const products = recommended(ctx, this.kind, this.count)
    if (!products.length) {
      yield this.liquid.renderer.renderTemplates(this.otherwise, ctx, emitter)
      return
    }
    ctx.push({ products })
    try {
      yield this.liquid.renderer.renderTemplates(this.body, ctx, emitter)
    } finally {
      ctx.pop()
    }
  }
}

/** {% product_recommendations 'recently_viewed' 3 %}: ready-made cards in a row. */
class ProductRecommendationsTag extends Tag {
  private kind: string
  private count: number
  constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid) {
    super(token, remainTokens, liquid)
    ;({ kind: this.kind, count: this.count } = recommendationArgs(token.args))
  }
  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    const products = recommended(ctx, this.kind, this.count)
    if (!products.length) return
    if (templateEnv(ctx).mode === 'text') {
      emitter.write(products.map((p) => card(p, ctx)).join('\n'))
      return
    }
    const width = Math.floor(100 / Math.min(products.length, 3))
    const cells = products.map(
      (p) => `<td class="product-cell" valign="top" style="width:${width}%;padding:8px">${card(p, ctx)}</td>`,
    )
    const rows: string[] = []
    for (let i = 0; i < cells.length; i += 3) rows.push(`<tr>${cells.slice(i, i + 3).join('')}</tr>`)
    emitter.write(
      `<table role="presentation" class="product-recommendations" cellpadding="0" cellspacing="0" style="width:100%">${rows.join('')}</table>`,
    )
  }
}

export function registerCatalogTags(liquid: Liquid): void {
  liquid.registerTag('coupon_code', CouponCodeTag)
  liquid.registerTag('catalog', CatalogTag)
  liquid.registerTag('product_block', ProductBlockTag)
  liquid.registerTag('recommendations', RecommendationsTag)
  liquid.registerTag('product_recommendations', ProductRecommendationsTag)
}
