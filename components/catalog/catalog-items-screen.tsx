// The items list (/catalog/items): search, published filter, category, pages of 25, and the add-item form.
// Server component over lib/catalog/queries.ts, scoped by the signed-in company.
import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { categoryOptions, listItems } from '@/lib/catalog/queries'
import { Page, PageBody, PageHead, PageMain } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { EmptyState } from '@/components/ui/empty-state'
import { Badge } from '@/components/ui/badge'
import { LinkButton } from '@/components/ui/button'
import styles from './catalog.module.css'
import { NewItemForm } from './new-item-form'
import { CatalogSubnav } from './catalog-subnav'
import { one, companyId, canReadBackInStock, formats, type Search } from './catalog-screen-shared'

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
    listItems(cid, {
      search,
      published: published === 'yes' ? true : published === 'no' ? false : undefined,
      categoryId: categoryId || undefined,
      sourceId: sourceId || undefined,
      cursor: cursor || null,
    }),
    categoryOptions(cid),
  ])
  const filtered = Boolean(search || published || categoryId || sourceId || cursor)
  const next = new URLSearchParams({
    ...(search ? { q: search } : {}),
    ...(published ? { published } : {}),
    ...(categoryId ? { category: categoryId } : {}),
    ...(sourceId ? { source: sourceId } : {}),
    ...(page.nextCursor ? { cursor: page.nextCursor } : {}),
  })
  const actions = (
    <>
      <LinkButton variant="primary" href="/catalog/items?new=1">
        {t('addItem')}
      </LinkButton>
    </>
  )
  return (
    <Page>
      <PageHead title={t('itemsTitle')} actions={actions} />
      <PageBody>
        <PageMain>
          <CatalogSubnav current="items" backInStock={await canReadBackInStock()} />
          {one(searchParams.new) === '1' && (
            <Card title={t('addItem')}>
              <NewItemForm />
            </Card>
          )}
          <form className={styles.filters} method="get" action="/catalog/items">
            <input
              className={styles.input}
              type="search"
              name="q"
              defaultValue={search}
              placeholder={t('searchPlaceholder')}
              aria-label={t('search')}
            />
            <select className={styles.input} name="published" defaultValue={published} aria-label={t('published')}>
              <option value="">{t('allItems')}</option>
              <option value="yes">{t('publishedOnly')}</option>
              <option value="no">{t('unpublishedOnly')}</option>
            </select>
            <select className={styles.input} name="category" defaultValue={categoryId} aria-label={t('category')}>
              <option value="">{t('allCategories')}</option>
              {cats.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
            <select className={styles.input} name="source" defaultValue={sourceId} aria-label={t('source')}>
              <option value="">{t('allSources')}</option>
              <option value="api">API</option>
              <option value="csv">CSV</option>
              <option value="feed">{t('feed')}</option>
            </select>
            <button className={styles.apply} type="submit">
              {t('apply')}
            </button>
          </form>
          {page.rows.length === 0 && !filtered ? (
            <EmptyState heading={t('emptyHeading')} body={t('emptyBody')} actions={actions} />
          ) : (
            <Card flush>
              <Table
                caption={t('itemsTitle')}
                columns={[
                  { key: 'image', header: '' },
                  { key: 'title', header: t('item') },
                  { key: 'externalId', header: t('externalId') },
                  { key: 'price', header: t('price'), align: 'right' },
                  { key: 'variants', header: t('variants'), align: 'right' },
                  { key: 'inventory', header: t('inventory'), align: 'right' },
                  { key: 'status', header: t('status') },
                ]}
                rows={page.rows.map((r) => ({
                  id: r.id,
                  image: r.imageThumbnailUrl ? (
                    <img className={styles.thumb} src={r.imageThumbnailUrl} alt="" width={40} height={40} />
                  ) : null,
                  title: <Link href={`/catalog/item/${r.id}`}>{r.title}</Link>,
                  externalId: r.externalId,
                  price: money(r.price),
                  variants: r.variantCount,
                  inventory: r.inventory,
                  status: r.published ? (
                    <Badge variant="success">{t('publishedBadge')}</Badge>
                  ) : (
                    <Badge>{t('unpublishedBadge')}</Badge>
                  ),
                }))}
                empty={t('noMatch')}
              />
            </Card>
          )}
          <div className={styles.pager}>
            {cursor && (
              <LinkButton
                href={`/catalog/items?${new URLSearchParams({ ...(search ? { q: search } : {}), ...(published ? { published } : {}), ...(categoryId ? { category: categoryId } : {}), ...(sourceId ? { source: sourceId } : {}) })}`}
              >
                {t('firstPage')}
              </LinkButton>
            )}
            {page.nextCursor && <LinkButton href={`/catalog/items?${next}`}>{t('nextPage')}</LinkButton>}
          </div>
        </PageMain>
      </PageBody>
    </Page>
  )
}
