// The catalog overview (/catalogs): counts of items, variants, categories, sources and feeds, the last sync and back in stock.
// Server component over lib/catalog/queries.ts, scoped by the signed-in company.
import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { catalogOverview } from '@/lib/catalog/queries'
import { Page, PageBody, PageHead, PageMain } from '@/components/ui/page'
import { LinkButton } from '@/components/ui/button'
import styles from './catalog.module.css'
import { CatalogSubnav } from './catalog-subnav'
import { companyId, canReadBackInStock, formats } from './catalog-screen-shared'

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
    {
      label: t('lastSync'),
      value: o.lastSync ? `${date(o.lastSync.at)} · ${o.lastSync.status}` : t('never'),
      href: '/catalog/sources',
    },
    {
      label: t('backInStock'),
      value: t('bisCounts', { active: o.backInStock.active, notified: o.backInStock.notified }),
      href: bis ? '/catalog/back-in-stock' : undefined,
    },
    { label: t('productFeeds'), value: String(o.feeds), href: '/product-feeds' },
  ]
  return (
    <Page>
      <PageHead
        title={t('title')}
        actions={
          <LinkButton variant="primary" href="/catalog/items">
            {t('viewItems')}
          </LinkButton>
        }
      />
      <PageBody>
        <PageMain>
          <CatalogSubnav current="overview" backInStock={bis} />
          <div className={styles.tiles}>
            {tiles.map((x) =>
              x.href ? (
                <Link key={x.label} href={x.href} className={styles.tile}>
                  <span className={styles.tileLabel}>{x.label}</span>
                  <span className={styles.tileValue}>{x.value}</span>
                </Link>
              ) : (
                <div key={x.label} className={styles.tile}>
                  <span className={styles.tileLabel}>{x.label}</span>
                  <span className={styles.tileValue}>{x.value}</span>
                </div>
              ),
            )}
          </div>
        </PageMain>
      </PageBody>
    </Page>
  )
}
