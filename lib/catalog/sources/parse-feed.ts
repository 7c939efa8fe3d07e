// Product feeds → catalog entries. Formats:
// - JSON: an array of products, or { items | products | entries: [...] }; a product has
//   id | external_id, title, description, price, url | link, image_url | image_link,
//   availability | published, item_group_id, sku, inventory_quantity.
// - XML: the common shopping-feed format (Google Merchant RSS 2.0 <rss><channel><item> or Atom
//   <feed><entry> with the g: namespace: g:id, g:title, g:description, g:price "12.00 USD",
//   g:link, g:image_link, g:availability, g:item_group_id, g:quantity | g:sell_on_google_quantity).
// - CSV (uploads): a header row with the JSON field names (g: prefixes allowed).
// Entries sharing an item_group_id become one item with a variant each; others are items alone.
// A feed that is not what it claims (HTML, invalid JSON, XML without items, no products at all)
// is a FeedError: the sync stops and keeps the catalog. A bad entry (no id, no title, a negative
// price) is reported with its index and skipped; the good ones apply.
import { parseDocument } from 'htmlparser2'
import type { Element, ChildNode } from 'domhandler'
import Papa from 'papaparse'

export type FeedFormat = 'json' | 'xml' | 'csv'

export interface FeedEntry {
  index: number
  externalId: string
  title: string
  description: string
  url: string
  price: number | null
  imageUrl: string | null
  available: boolean
  groupId: string | null
  sku: string | null
  inventory: number | null
}

export interface EntryProblem {
  index: number
  externalId: string | null
  message: string
}
export class FeedError extends Error {}

const str = (v: unknown): string =>
  v == null ? '' : typeof v === 'string' ? v.trim() : typeof v === 'number' || typeof v === 'boolean' ? String(v) : ''

function priceOf(raw: unknown): number | null | 'bad' {
  if (raw == null || raw === '') return null
  if (typeof raw === 'number') return Number.isFinite(raw) && raw >= 0 ? raw : 'bad'
  const m = /^\s*(-?\d+(?:[.,]\d+)?)/.exec(String(raw))
  if (!m) return 'bad'
  const n = Number(m[1]!.replace(',', '.'))
  return Number.isFinite(n) && n >= 0 ? n : 'bad'
}

function availableOf(raw: unknown): boolean {
  if (typeof raw === 'boolean') return raw
  const s = str(raw).toLowerCase().replace(/[_-]/g, ' ')
  if (!s) return true
  return !['out of stock', 'false', '0', 'no', 'discontinued', 'unpublished'].includes(s)
}

/** One product (keys already without the g: prefix) → an entry, or a problem. */
function toEntry(index: number, p: Record<string, unknown>): FeedEntry | EntryProblem {
  const externalId = str(p.id ?? p.external_id ?? p.externalId ?? p.sku)
  if (!externalId) return { index, externalId: null, message: 'The product has no id.' }
  const title = str(p.title ?? p.name)
  if (!title) return { index, externalId, message: 'The product has no title.' }
  const price = priceOf(p.price ?? p.sale_price)
  if (price === 'bad')
    return { index, externalId, message: `The price "${str(p.price)}" is not a non-negative number.` }
  const invRaw = p.inventory_quantity ?? p.quantity ?? p.sell_on_google_quantity ?? p.inventory
  const inventory = invRaw == null || invRaw === '' ? null : Number(invRaw)
  if (inventory != null && (!Number.isInteger(inventory) || inventory < 0))
    return { index, externalId, message: `The inventory "${str(invRaw)}" is not a whole number of at least 0.` }
  return {
    index,
    externalId,
    title,
    description: str(p.description),
    url: str(p.url ?? p.link),
    price,
    imageUrl: str(p.image_url ?? p.image_link ?? p.imageUrl) || null,
    available: availableOf(p.availability ?? p.published),
    groupId: str(p.item_group_id ?? p.group_id) || null,
    sku: str(p.sku ?? p.mpn) || null,
    inventory,
  }
}

function collect(products: Array<Record<string, unknown>>): { entries: FeedEntry[]; problems: EntryProblem[] } {
  const entries: FeedEntry[] = []
  const problems: EntryProblem[] = []
  products.forEach((p, i) => {
    const e =
      p && typeof p === 'object'
        ? toEntry(i, p)
        : { index: i, externalId: null, message: 'The product is not an object.' }
    if ('message' in e) problems.push(e)
    else entries.push(e)
  })
  if (!entries.length && !problems.length) throw new FeedError('The feed has no products.')
  return { entries, problems }
}

function looksLikeHtml(text: string): boolean {
  return /^\s*(<!doctype html|<html[\s>])/i.test(text)
}

function parseJson(text: string) {
  let doc: unknown
  try {
    doc = JSON.parse(text)
  } catch (e) {
    throw new FeedError(`The feed is not valid JSON (${(e as Error).message}).`)
  }
  const list = Array.isArray(doc)
    ? doc
    : doc && typeof doc === 'object'
      ? ['items', 'products', 'entries', 'data'].map((k) => (doc as Record<string, unknown>)[k]).find(Array.isArray)
      : undefined
  if (!Array.isArray(list))
    throw new FeedError('The JSON feed is neither a list of products nor an object with an "items" or "products" list.')
  return collect(list as Array<Record<string, unknown>>)
}

const elements = (nodes: ChildNode[]): Element[] => nodes.filter((n): n is Element => n.type === 'tag')
function textOf(node: ChildNode): string {
  if ('data' in node && node.type === 'text') return String(node.data)
  if ('children' in node) return (node.children as ChildNode[]).map(textOf).join('')
  return ''
}
function findAll(nodes: ChildNode[], name: string, out: Element[] = []): Element[] {
  for (const el of elements(nodes)) {
    if (el.name.toLowerCase() === name) out.push(el)
    else findAll(el.children, name, out)
  }
  return out
}

function parseXml(text: string) {
  const doc = parseDocument(text, { xmlMode: true })
  const roots = elements(doc.children).map((e) => e.name.toLowerCase())
  if (!roots.some((r) => r === 'rss' || r === 'feed'))
    throw new FeedError('The XML is not a shopping feed: its root is not <rss> or <feed>.')
  const items = [...findAll(doc.children, 'item'), ...findAll(doc.children, 'entry')]
  if (!items.length) throw new FeedError('The feed has no products.')
  const products = items.map((item) => {
    const p: Record<string, unknown> = {}
    for (const child of elements(item.children)) {
      const key = child.name.replace(/^g:/i, '').toLowerCase()
      // The g: field wins over a plain one of the same name (an Atom <link href> has no text).
      const value = textOf(child).trim() || (child.attribs?.href ?? '')
      if (child.name.toLowerCase().startsWith('g:') || p[key] == null || p[key] === '') p[key] = value
    }
    return p
  })
  return collect(products)
}

function parseCsvText(text: string) {
  const out = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().replace(/^g:/i, '').toLowerCase(),
  })
  if (!out.meta.fields?.length || !out.meta.fields.some((f) => ['id', 'external_id'].includes(f)))
    throw new FeedError('The CSV needs a header row with an id (or external_id) column.')
  if (!out.data.length) throw new FeedError('The CSV has no products.')
  return collect(out.data)
}

/** Parses a feed of the claimed format (contentType, when known, must not contradict it). */
export function parseFeed(
  text: string,
  format: FeedFormat,
  contentType?: string | null,
): { entries: FeedEntry[]; problems: EntryProblem[] } {
  const ct = (contentType ?? '').toLowerCase()
  if (ct.includes('text/html') || looksLikeHtml(text))
    throw new FeedError(`The feed URL returned an HTML page, not a ${format.toUpperCase()} feed.`)
  if (!text.trim()) throw new FeedError('The feed is empty.')
  if (format === 'json') return parseJson(text)
  if (format === 'xml') {
    if (!/^\s*(<\?xml|<rss|<feed|<!--)/i.test(text)) throw new FeedError('The feed is not XML.')
    return parseXml(text)
  }
  return parseCsvText(text)
}
