// The product feeds (/product-feeds, /catalog/product-feeds) the account publishes.
// Server component over lib/catalog/queries.ts, scoped by the signed-in company.
import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { listProductFeeds } from '@/lib/catalog/queries'
import { Page, PageBody, PageHead, PageMain } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { EmptyState } from '@/components/ui/empty-state'
import { LinkButton } from '@/components/ui/button'
import styles from './catalog.module.css'
import { companyId } from './catalog-screen-shared'

export async function ProductFeedsScreen() {
  const t = await getTranslations('catalog')
  const feeds = await listProductFeeds(await companyId())
  const create = (
    <LinkButton variant="primary" href="/product-feeds/create">
      {t('createFeed')}
    </LinkButton>
  )
  return (
    <Page>
      <PageHead title={t('productFeeds')} description={t('productFeedsIntro')} actions={create} />
      <PageBody>
        <PageMain>
          {feeds.length === 0 ? (
            <EmptyState heading={t('noFeedsHeading')} body={t('noFeedsBody')} actions={create} />
          ) : (
            <Card flush>
              <Table
                caption={t('productFeeds')}
                columns={[
                  { key: 'name', header: t('name') },
                  { key: 'format', header: t('format') },
                  { key: 'url', header: t('feedUrl') },
                  { key: 'edit', header: '' },
                ]}
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
        </PageMain>
      </PageBody>
    </Page>
  )
}
