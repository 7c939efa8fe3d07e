// The product reviews feed in Google's Product Reviews XML schema (2.3), the syndication target
// of the reviews settings: GET /reviews/feed/{companyPublicKey}.xml. Published and featured
// product reviews only, every text escaped for XML (and characters XML cannot carry dropped),
// streamed in keyset pages so a large store's feed is never held in memory whole.
import { db } from '@/lib/db/client'
import { isFlagOn } from '@/lib/flags/get-feature-flags'
import { VISIBLE_STATUSES } from './list-reviews'

const PAGE = 500
const SCHEMA = 'http://www.google.com/shopping/reviews/schema/product/2.3/product_reviews.xsd'

const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

export const xmlText = (s: string) =>
  s
    .replace(NOT_XML, '')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)

const httpUrl = (u: string | null | undefined) => (u && /^https?:\/\/\S+$/i.test(u) ? u : null)

/** The company of a public key whose reviews are turned on, else null (the feed is a 404). */
export async function feedCompany(publicKey: string) {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(publicKey)) return null
  const company = await db.company.findFirst({
    where: { publicApiKey: publicKey },
    select: { id: true, name: true, websiteUrl: true },
  })
  if (!company || !(await isFlagOn(company.id, 'is_reviews_enabled'))) return null
  return company
}

type Company = NonNullable<Awaited<ReturnType<typeof feedCompany>>>

type Cursor = { createdAt: Date; id: string } | null

const pageAfter = (companyId: number, cursor: Cursor) =>
  db.review.findMany({
    where: {
      companyId,
      status: { in: [...VISIBLE_STATUSES] },
      reviewType: 'review',
      catalogItemId: { not: null },
      rating: { not: null },
      ...(cursor
        ? { OR: [{ createdAt: { gt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { gt: cursor.id } }] }
        : {}),
    },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: PAGE,
  })

async function* pages(companyId: number) {
  let cursor: Cursor = null
  for (;;) {
    const rows = await pageAfter(companyId, cursor)
    if (!rows.length) return
    const items = await db.catalogItem.findMany({
      where: { companyId, id: { in: [...new Set(rows.map((r) => r.catalogItemId!))] } },
      select: { id: true, title: true, url: true, externalId: true },
    })
    yield { rows, items: new Map(items.map((i) => [i.id, i])) }
    const last = rows[rows.length - 1]!
    cursor = { createdAt: last.createdAt, id: last.id }
    if (rows.length < PAGE) return
  }
}

export async function* reviewsFeedXml(company: Company): AsyncGenerator<string> {
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="${SCHEMA}">\n<version>2.3</version>\n<publisher><name>${xmlText(company.name)}</name></publisher>\n<reviews>\n`
  for await (const { rows, items } of pages(company.id)) {
    let out = ''
    for (const r of rows) {
      const item = items.get(r.catalogItemId!)
      if (!item) continue
      const url = httpUrl(item.url) ?? httpUrl(company.websiteUrl)
      if (!url) continue
      out +=
        `<review><review_id>${xmlText(r.id)}</review_id>` +
        `<reviewer><name>${xmlText(r.authorName)}</name></reviewer>` +
        `<review_timestamp>${r.createdAt.toISOString()}</review_timestamp>` +
        (r.title ? `<title>${xmlText(r.title)}</title>` : '') +
        `<content>${xmlText(r.body)}</content>` +
        `<review_url type="group">${xmlText(url)}</review_url>` +
        `<ratings><overall min="1" max="5">${r.rating}</overall></ratings>` +
        `<products><product><product_ids><skus><sku>${xmlText(item.externalId)}</sku></skus></product_ids>` +
        `<product_name>${xmlText(item.title)}</product_name>` +
        (httpUrl(item.url) ? `<product_url>${xmlText(item.url)}</product_url>` : '') +
        `</product></products><is_spam>false</is_spam></review>\n`
    }
    yield out
  }
  yield '</reviews>\n</feed>\n'
}
