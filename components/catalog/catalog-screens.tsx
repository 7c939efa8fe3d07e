// The catalog screens (issue 11, K4), server components over lib/catalog/queries.ts. Every
// query is scoped by the signed-in company; lists page by cursor (25 a page).
import { Fragment } from 'react'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { getFormatter, getTranslations } from 'next-intl/server'
import { getCurrentPrincipal } from '@/lib/server/current-principal'
import { catalogOverview, categoryOptions, getItem, getVariant, listCategories, listItems, listProductFeeds } from '@/lib/catalog/queries'
import { itemActivity } from '@/lib/catalog/item-activity'
import { db } from '@/lib/db/client'
import { Page, PageBody, PageHead, PageMain } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { EmptyState } from '@/components/ui/empty-state'
import { Badge } from '@/components/ui/badge'
import { LinkButton } from '@/components/ui/button'
import styles from './catalog.module.css'
import { NewItemForm } from './new-item-form'
import { CatalogSubnav } from './catalog-subnav'

type Search = Record<string, string | string[] | undefined>
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? ''

async function companyId(): Promise<number> {
  const p = await getCurrentPrincipal()
  if (!p) notFound()
  return p.companyId
}

/** The back-in-stock report is linked only for those who may read it. */
async function canReadBackInStock(): Promise<boolean> {
  return (await getCurrentPrincipal())?.resources.has('back_in_stock_read') ?? false
}

/** Inventory policy 0 | 1 | 2 (1 hides an out-of-stock variant from feeds). */
const POLICY_KEYS = ['policy0', 'policy1', 'policy2'] as const

/**
 * Prices in the company's currency and times in its time zone, in the reader's locale (items
 * carry no currency of their own: the store's is the company's).
 */
async function formats(cid: number) {
  const [format, company] = await Promise.all([getFormatter(), db.company.findFirst({ where: { id: cid }, select: { currency: true, timezone: true } })])
  const currency = company?.currency || 'USD'
  const timeZone = company?.timezone || 'UTC'
  const money = (n: number | null | undefined) => {
    if (n == null) return '—'
    try {
      return format.number(n, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 })
    } catch {
      return format.number(n, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    }
  }
  const date = (d: Date | null | undefined) => (d ? format.dateTime(d, { dateStyle: 'medium', timeStyle: 'short', timeZone }) : '—')
  return { money, date }
}

export async function CatalogOverview() {
  const t = await getTranslations('catalog')
  const cid = await companyId()
  const o = await catalogOverview(cid)
  const { date } = await formats(cid)
  const bis = await canReadBackInStock()
  const tiles: Array<{ label: string; value: string; href?: string }> = [
    { label: t('items'), value: `${o.items} (${t('publishedCount', { count: o.published })})`, href: '/catalog/items' },
    { label: t('variants'), value: String(o.variants), href: '/catalog/items' },
    { label: t('categories'), value: String(o.categories), href: '/catalog/categories' },
    { label: t('sources'), value: String(o.sources), href: '/catalog/sources' },
    { label: t('lastSync'), value: o.lastSync ? `${date(o.lastSync.at)} · ${o.lastSync.status}` : t('never'), href: '/catalog/sources' },
    { label: t('backInStock'), value: t('bisCounts', { active: o.backInStock.active, notified: o.backInStock.notified }), href: bis ? '/catalog/back-in-stock' : undefined },
    { label: t('productFeeds'), value: String(o.feeds), href: '/product-feeds' },
  ]
  return (
    <Page>
      <PageHead title={t('title')} actions={<LinkButton variant="primary" href="/catalog/items">{t('viewItems')}</LinkButton>} />
      <PageBody><PageMain>
        <CatalogSubnav current="overview" backInStock={bis} />
        <div className={styles.tiles}>
          {tiles.map((x) => x.href ? (
            <Link key={x.label} href={x.href} className={styles.tile}>
              <span className={styles.tileLabel}>{x.label}</span>
              <span className={styles.tileValue}>{x.value}</span>
            </Link>
          ) : (
            <div key={x.label} className={styles.tile}>
              <span className={styles.tileLabel}>{x.label}</span>
              <span className={styles.tileValue}>{x.value}</span>
            </div>
          ))}
        </div>
      </PageMain></PageBody>
    </Page>
  )
}

export async function CatalogItems({ searchParams }: { searchParams: Search }) {
  const t = await getTranslations('catalog')
  const cid = await companyId()
  const { money } = await formats(cid)
  const search = one(searchParams.q)
  const published = one(searchParams.published)
  const categoryId = one(searchParams.category)
  const sourceId = one(searchParams.source)
  const cursor = one(searchParams.cursor)
  const [page, cats] = await Promise.all([
    listItems(cid, { search, published: published === 'yes' ? true : published === 'no' ? false : undefined, categoryId: categoryId || undefined, sourceId: sourceId || undefined, cursor: cursor || null }),
    categoryOptions(cid),
  ])
  const filtered = Boolean(search || published || categoryId || sourceId || cursor)
  const next = new URLSearchParams({ ...(search ? { q: search } : {}), ...(published ? { published } : {}), ...(categoryId ? { category: categoryId } : {}), ...(sourceId ? { source: sourceId } : {}), ...(page.nextCursor ? { cursor: page.nextCursor } : {}) })
  const actions = (
    <>
      <LinkButton variant="primary" href="/catalog/items?new=1">{t('addItem')}</LinkButton>
    </>
  )
  return (
    <Page>
      <PageHead title={t('itemsTitle')} actions={actions} />
      <PageBody><PageMain>
        <CatalogSubnav current="items" backInStock={await canReadBackInStock()} />
        {one(searchParams.new) === '1' && <Card title={t('addItem')}><NewItemForm /></Card>}
        <form className={styles.filters} method="get" action="/catalog/items">
          <input className={styles.input} type="search" name="q" defaultValue={search} placeholder={t('searchPlaceholder')} aria-label={t('search')} />
          <select className={styles.input} name="published" defaultValue={published} aria-label={t('published')}>
            <option value="">{t('allItems')}</option>
            <option value="yes">{t('publishedOnly')}</option>
            <option value="no">{t('unpublishedOnly')}</option>
          </select>
          <select className={styles.input} name="category" defaultValue={categoryId} aria-label={t('category')}>
            <option value="">{t('allCategories')}</option>
            {cats.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </select>
          <select className={styles.input} name="source" defaultValue={sourceId} aria-label={t('source')}>
            <option value="">{t('allSources')}</option>
            <option value="api">API</option>
            <option value="csv">CSV</option>
            <option value="feed">{t('feed')}</option>
          </select>
          <button className={styles.apply} type="submit">{t('apply')}</button>
        </form>
        {page.rows.length === 0 && !filtered ? (
          <EmptyState heading={t('emptyHeading')} body={t('emptyBody')} actions={actions} />
        ) : (
          <Card flush>
            <Table
              caption={t('itemsTitle')}
              columns={[{ key: 'image', header: '' }, { key: 'title', header: t('item') }, { key: 'externalId', header: t('externalId') }, { key: 'price', header: t('price'), align: 'right' }, { key: 'variants', header: t('variants'), align: 'right' }, { key: 'inventory', header: t('inventory'), align: 'right' }, { key: 'status', header: t('status') }]}
              rows={page.rows.map((r) => ({
                id: r.id,
                // eslint-disable-next-line @next/next/no-img-element
                image: r.imageThumbnailUrl ? <img className={styles.thumb} src={r.imageThumbnailUrl} alt="" width={40} height={40} /> : null,
                title: <Link href={`/catalog/item/${r.id}`}>{r.title}</Link>,
                externalId: r.externalId,
                price: money(r.price),
                variants: r.variantCount,
                inventory: r.inventory,
                status: r.published ? <Badge variant="success">{t('publishedBadge')}</Badge> : <Badge>{t('unpublishedBadge')}</Badge>,
              }))}
              empty={t('noMatch')}
            />
          </Card>
        )}
        <div className={styles.pager}>
          {cursor && <LinkButton href={`/catalog/items?${new URLSearchParams({ ...(search ? { q: search } : {}), ...(published ? { published } : {}), ...(categoryId ? { category: categoryId } : {}), ...(sourceId ? { source: sourceId } : {}) })}`}>{t('firstPage')}</LinkButton>}
          {page.nextCursor && <LinkButton href={`/catalog/items?${next}`}>{t('nextPage')}</LinkButton>}
        </div>
      </PageMain></PageBody>
    </Page>
  )
}

export async function CatalogItemDetail({ itemId }: { itemId: string }) {
  const t = await getTranslations('catalog')
  const cid = await companyId()
  const item = await getItem(cid, itemId)
  if (!item) notFound()
  const { money, date } = await formats(cid)
  const meta = Object.entries(item.customMetadata)
  const activity = await itemActivity(cid, { id: item.id, externalId: item.externalId })
  const showSubscribers = await canReadBackInStock()
  return (
    <Page>
      <PageHead title={item.title} description={item.externalId} actions={<LinkButton href="/catalog/items">{t('backToItems')}</LinkButton>} />
      <PageBody><PageMain>
        <Card title={t('details')}>
          <div className={styles.detail}>
            {/* eslint-disable-next-line @next/next/no-img-element */}
            {item.imageFullUrl && <img className={styles.hero} src={item.imageFullUrl} alt={item.title} width={200} height={200} />}
            <dl className={styles.dl}>
              <dt>{t('price')}</dt><dd>{money(item.price)}</dd>
              <dt>{t('url')}</dt><dd>{item.url ? <a href={item.url} rel="noreferrer noopener" target="_blank">{item.url}</a> : '—'}</dd>
              <dt>{t('status')}</dt><dd>{item.published ? t('publishedBadge') : t('unpublishedBadge')}</dd>
              <dt>{t('categories')}</dt><dd>{item.categories.length ? item.categories.map((c) => c.name).join(', ') : '—'}</dd>
              <dt>{t('description')}</dt><dd>{item.description || '—'}</dd>
              {meta.map(([k, v]) => (<Fragment key={k}><dt>{k}</dt><dd>{typeof v === 'string' ? v : JSON.stringify(v)}</dd></Fragment>))}
              <dt>{t('updated')}</dt><dd>{date(item.updatedAt)}</dd>
            </dl>
          </div>
        </Card>
        <Card title={t('variants')} flush>
          <Table
            caption={t('variants')}
            columns={[{ key: 'title', header: t('variant') }, { key: 'sku', header: 'SKU' }, { key: 'price', header: t('price'), align: 'right' }, { key: 'inventory', header: t('inventory'), align: 'right' }, { key: 'policy', header: t('inventoryPolicy') }]}
            rows={item.variants.map((v) => ({ id: v.id, title: <Link href={`/catalog/variant/${v.id}`}>{v.title}</Link>, sku: v.sku, price: money(v.price), inventory: v.inventoryQuantity, policy: t(POLICY_KEYS[v.inventoryPolicy] ?? 'policy0') }))}
            empty={t('noVariants')}
          />
        </Card>
        <Card title={t('activityTitle', { days: activity.days })} flush>
          <Table
            caption={t('activityTitle', { days: activity.days })}
            columns={[{ key: 'metric', header: t('activityMetric') }, { key: 'events', header: t('activityEvents'), align: 'right' }, { key: 'people', header: t('activityPeople'), align: 'right' }]}
            rows={activity.byMetric.map((m) => ({ id: m.metric, metric: m.metric, events: m.events, people: m.people }))}
            empty={t('noActivity', { id: item.externalId })}
          />
        </Card>
        {activity.recent.length > 0 && (
          <Card title={t('latestActivity')} flush>
            <Table
              caption={t('latestActivity')}
              columns={[{ key: 'who', header: t('activityProfile') }, { key: 'metric', header: t('activityMetric') }, { key: 'value', header: t('price'), align: 'right' }, { key: 'at', header: t('when'), align: 'right' }]}
              rows={activity.recent.map((r, i) => ({
                id: `${r.profileId}-${i}`,
                who: <Link href={`/profile/${encodeURIComponent(r.profileId)}`}>{r.email ?? r.profileId}</Link>,
                metric: r.metric, value: money(r.value), at: date(new Date(r.at)),
              }))}
            />
          </Card>
        )}
        {showSubscribers && (
          <Card title={t('subscribersTitle', { waiting: activity.subscribers.waiting, notified: activity.subscribers.notified })} flush>
            <Table
              caption={t('subscribersCaption')}
              columns={[{ key: 'who', header: t('activityProfile') }, { key: 'variant', header: t('variant') }, { key: 'channels', header: t('subscriberChannels') }, { key: 'since', header: t('subscribedAt'), align: 'right' }, { key: 'status', header: t('status') }]}
              rows={activity.subscribers.latest.map((s) => ({
                id: `${s.profileId}-${s.variantId}-${s.subscribedAt}`,
                who: <Link href={`/profile/${encodeURIComponent(s.profileId)}`}>{s.email ?? s.phoneNumber ?? s.profileId}</Link>,
                variant: <Link href={`/catalog/variant/${s.variantId}`}>{s.variantTitle ?? s.variantId}</Link>,
                channels: s.channels.join(', ') || '—',
                since: date(new Date(s.subscribedAt)),
                status: s.notifiedAt ? <Badge variant="success">{t('subscriberNotified')}</Badge> : <Badge variant="warning">{t('subscriberWaiting')}</Badge>,
              }))}
              empty={t('noSubscribers')}
            />
          </Card>
        )}
      </PageMain></PageBody>
    </Page>
  )
}

export async function CatalogVariantDetail({ variantId }: { variantId: string }) {
  const t = await getTranslations('catalog')
  const cid = await companyId()
  const v = await getVariant(cid, variantId)
  const { money, date } = await formats(cid)
  if (!v) notFound()
  const history = [...v.priceHistory.map((h) => ({ ...h, kind: t('price') })), ...v.inventoryHistory.map((h) => ({ ...h, kind: t('inventory') }))].sort((a, b) => b.id - a.id)
  return (
    <Page>
      <PageHead title={v.title} description={v.sku} actions={v.item ? <LinkButton href={`/catalog/item/${v.item.id}`}>{v.item.title}</LinkButton> : undefined} />
      <PageBody><PageMain>
        <Card title={t('details')}>
          <dl className={styles.dl}>
            <dt>{t('price')}</dt><dd>{money(v.price)}</dd>
            <dt>{t('inventory')}</dt><dd>{v.inventoryQuantity}</dd>
            <dt>{t('inventoryPolicy')}</dt><dd>{t(POLICY_KEYS[v.inventoryPolicy] ?? 'policy0')}</dd>
            <dt>{t('externalId')}</dt><dd>{v.externalId}</dd>
            <dt>{t('status')}</dt><dd>{v.published ? t('publishedBadge') : t('unpublishedBadge')}</dd>
          </dl>
        </Card>
        <Card title={t('history')} flush>
          <Table
            caption={t('history')}
            columns={[{ key: 'at', header: t('when') }, { key: 'kind', header: t('change') }, { key: 'old', header: t('from'), align: 'right' }, { key: 'new', header: t('to'), align: 'right' }]}
            rows={history.map((h) => ({ id: h.id, at: date(h.at), kind: h.kind, old: h.oldValue ?? '—', new: h.newValue ?? '—' }))}
            empty={t('noHistory')}
          />
        </Card>
      </PageMain></PageBody>
    </Page>
  )
}

export async function CatalogCategories({ searchParams }: { searchParams: Search }) {
  const t = await getTranslations('catalog')
  const cursor = one(searchParams.cursor)
  const page = await listCategories(await companyId(), { cursor: cursor || null })
  return (
    <Page>
      <PageHead title={t('categories')} />
      <PageBody><PageMain>
        <CatalogSubnav current="categories" backInStock={await canReadBackInStock()} />
        {page.rows.length === 0 && !cursor ? (
          <EmptyState heading={t('noCategoriesHeading')} body={t('noCategoriesBody')} />
        ) : (
          <Card flush>
            <Table
              caption={t('categories')}
              columns={[{ key: 'name', header: t('category') }, { key: 'externalId', header: t('externalId') }, { key: 'items', header: t('items'), align: 'right' }]}
              rows={page.rows.map((c) => ({ id: c.id, name: <Link href={`/catalog/items?category=${c.id}`}>{c.name}</Link>, externalId: c.externalId, items: c.items }))}
            />
          </Card>
        )}
        {page.nextCursor && <div className={styles.pager}><LinkButton href={`/catalog/categories?cursor=${page.nextCursor}`}>{t('nextPage')}</LinkButton></div>}
      </PageMain></PageBody>
    </Page>
  )
}

export async function ProductFeedsScreen() {
  const t = await getTranslations('catalog')
  const feeds = await listProductFeeds(await companyId())
  const create = <LinkButton variant="primary" href="/product-feeds/create">{t('createFeed')}</LinkButton>
  return (
    <Page>
      <PageHead title={t('productFeeds')} description={t('productFeedsIntro')} actions={create} />
      <PageBody><PageMain>
        {feeds.length === 0 ? (
          <EmptyState heading={t('noFeedsHeading')} body={t('noFeedsBody')} actions={create} />
        ) : (
          <Card flush>
            <Table
              caption={t('productFeeds')}
              columns={[{ key: 'name', header: t('name') }, { key: 'format', header: t('format') }, { key: 'url', header: t('feedUrl') }, { key: 'edit', header: '' }]}
              rows={feeds.map((f) => ({
                id: f.id,
                name: f.name,
                format: f.format === 'json' ? 'JSON' : 'Google Merchant XML',
                url: <code className={styles.code}>{`/product-feed/${f.id}?token=${f.token}`}</code>,
                edit: <Link href={`/product-feeds/${f.id}/edit`}>{t('edit')}</Link>,
              }))}
            />
          </Card>
        )}
      </PageMain></PageBody>
    </Page>
  )
}
