// The categories (/catalog/categories), a page at a time.
// Server component over lib/catalog/queries.ts, scoped by the signed-in company.
import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { listCategories } from '@/lib/catalog/queries'
import { Page, PageBody, PageHead, PageMain } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { EmptyState } from '@/components/ui/empty-state'
import { LinkButton } from '@/components/ui/button'
import styles from './catalog.module.css'
import { CatalogSubnav } from './catalog-subnav'
import { one, companyId, canReadBackInStock, type Search } from './catalog-screen-shared'

export async function CatalogCategories({ searchParams }: { searchParams: Search }) {
  const t = await getTranslations('catalog')
  const cursor = one(searchParams.cursor)
  const page = await listCategories(await companyId(), { cursor: cursor || null })
  return (
    <Page>
      <PageHead title={t('categories')} />
      <PageBody>
        <PageMain>
          <CatalogSubnav current="categories" backInStock={await canReadBackInStock()} />
          {page.rows.length === 0 && !cursor ? (
            <EmptyState heading={t('noCategoriesHeading')} body={t('noCategoriesBody')} />
          ) : (
            <Card flush>
              <Table
                caption={t('categories')}
                columns={[
                  { key: 'name', header: t('category') },
                  { key: 'externalId', header: t('externalId') },
                  { key: 'items', header: t('items'), align: 'right' },
                ]}
                rows={page.rows.map((c) => ({
                  id: c.id,
                  name: <Link href={`/catalog/items?category=${c.id}`}>{c.name}</Link>,
                  externalId: c.externalId,
                  items: c.items,
                }))}
              />
            </Card>
          )}
          {page.nextCursor && (
            <div className={styles.pager}>
              <LinkButton href={`/catalog/categories?cursor=${page.nextCursor}`}>{t('nextPage')}</LinkButton>
            </div>
          )}
        </PageMain>
      </PageBody>
    </Page>
  )
}
