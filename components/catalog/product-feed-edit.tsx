// The create / edit screens of a product feed (server part: the feed and the category options).
import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { getCurrentPrincipal } from '@/lib/server/current-principal'
import { categoryOptions, getProductFeed } from '@/lib/catalog/queries'
import { Page, PageBody, PageHead, PageMain } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { ProductFeedForm } from './product-feed-form'

export async function ProductFeedEdit({ feedId }: { feedId?: string }) {
  const t = await getTranslations('catalog')
  const p = await getCurrentPrincipal()
  if (!p) notFound()
  const feed = feedId ? await getProductFeed(p.companyId, feedId) : null
  if (feedId && !feed) notFound()
  let categoryIds: string[] = []
  try {
    categoryIds = feed ? (JSON.parse(feed.categoryIds) as string[]) : []
  } catch {
    categoryIds = []
  }
  const initial = feed
    ? { id: feed.id, name: feed.name, format: feed.format, currency: feed.currency, categoryIds }
    : { name: '', format: 'xml', currency: 'USD', categoryIds: [] }
  return (
    <Page>
      <PageHead title={feed ? t('editFeed') : t('createFeed')} />
      <PageBody>
        <PageMain>
          <Card>
            <ProductFeedForm initial={initial} categories={await categoryOptions(p.companyId)} />
          </Card>
        </PageMain>
      </PageBody>
    </Page>
  )
}
