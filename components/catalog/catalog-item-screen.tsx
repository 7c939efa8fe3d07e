// One item (/catalog/item/{id}): its facts, variants, the last 30 days of store activity and its back-in-stock subscribers.
// Server component over lib/catalog/queries.ts, scoped by the signed-in company.
import { Fragment } from 'react'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { getItem } from '@/lib/catalog/queries'
import { itemActivity } from '@/lib/catalog/item-activity'
import { Page, PageBody, PageHead, PageMain } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { Badge } from '@/components/ui/badge'
import { LinkButton } from '@/components/ui/button'
import styles from './catalog.module.css'
import { companyId, canReadBackInStock, POLICY_KEYS, formats } from './catalog-screen-shared'

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
      <PageHead
        title={item.title}
        description={item.externalId}
        actions={<LinkButton href="/catalog/items">{t('backToItems')}</LinkButton>}
      />
      <PageBody>
        <PageMain>
          <Card title={t('details')}>
            <div className={styles.detail}>
              {item.imageFullUrl && (
                // eslint-disable-next-line @next/next/no-img-element
                <img className={styles.hero} src={item.imageFullUrl} alt={item.title} width={200} height={200} />
              )}
              <dl className={styles.dl}>
                <dt>{t('price')}</dt>
                <dd>{money(item.price)}</dd>
                <dt>{t('url')}</dt>
                <dd>
                  {item.url ? (
                    <a href={item.url} rel="noreferrer noopener" target="_blank">
                      {item.url}
                    </a>
                  ) : (
                    '—'
                  )}
                </dd>
                <dt>{t('status')}</dt>
                <dd>{item.published ? t('publishedBadge') : t('unpublishedBadge')}</dd>
                <dt>{t('categories')}</dt>
                <dd>{item.categories.length ? item.categories.map((c) => c.name).join(', ') : '—'}</dd>
                <dt>{t('description')}</dt>
                <dd>{item.description || '—'}</dd>
                {meta.map(([k, v]) => (
                  <Fragment key={k}>
                    <dt>{k}</dt>
                    <dd>{typeof v === 'string' ? v : JSON.stringify(v)}</dd>
                  </Fragment>
                ))}
                <dt>{t('updated')}</dt>
                <dd>{date(item.updatedAt)}</dd>
              </dl>
            </div>
          </Card>
          <Card title={t('variants')} flush>
            <Table
              caption={t('variants')}
              columns={[
                { key: 'title', header: t('variant') },
                { key: 'sku', header: 'SKU' },
                { key: 'price', header: t('price'), align: 'right' },
                { key: 'inventory', header: t('inventory'), align: 'right' },
                { key: 'policy', header: t('inventoryPolicy') },
              ]}
              rows={item.variants.map((v) => ({
                id: v.id,
                title: <Link href={`/catalog/variant/${v.id}`}>{v.title}</Link>,
                sku: v.sku,
                price: money(v.price),
                inventory: v.inventoryQuantity,
                policy: t(POLICY_KEYS[v.inventoryPolicy] ?? 'policy0'),
              }))}
              empty={t('noVariants')}
            />
          </Card>
          <Card title={t('activityTitle', { days: activity.days })} flush>
            <Table
              caption={t('activityTitle', { days: activity.days })}
              columns={[
                { key: 'metric', header: t('activityMetric') },
                { key: 'events', header: t('activityEvents'), align: 'right' },
                { key: 'people', header: t('activityPeople'), align: 'right' },
              ]}
              rows={activity.byMetric.map((m) => ({
                id: m.metric,
                metric: m.metric,
                events: m.events,
                people: m.people,
              }))}
              empty={t('noActivity', { id: item.externalId })}
            />
          </Card>
          {activity.recent.length > 0 && (
            <Card title={t('latestActivity')} flush>
              <Table
                caption={t('latestActivity')}
                columns={[
                  { key: 'who', header: t('activityProfile') },
                  { key: 'metric', header: t('activityMetric') },
                  { key: 'value', header: t('price'), align: 'right' },
                  { key: 'at', header: t('when'), align: 'right' },
                ]}
                rows={activity.recent.map((r, i) => ({
                  id: `${r.profileId}-${i}`,
                  who: <Link href={`/profile/${encodeURIComponent(r.profileId)}`}>{r.email ?? r.profileId}</Link>,
                  metric: r.metric,
                  value: money(r.value),
                  at: date(new Date(r.at)),
                }))}
              />
            </Card>
          )}
          {showSubscribers && (
            <Card
              title={t('subscribersTitle', {
                waiting: activity.subscribers.waiting,
                notified: activity.subscribers.notified,
              })}
              flush
            >
              <Table
                caption={t('subscribersCaption')}
                columns={[
                  { key: 'who', header: t('activityProfile') },
                  { key: 'variant', header: t('variant') },
                  { key: 'channels', header: t('subscriberChannels') },
                  { key: 'since', header: t('subscribedAt'), align: 'right' },
                  { key: 'status', header: t('status') },
                ]}
                rows={activity.subscribers.latest.map((s) => ({
                  id: `${s.profileId}-${s.variantId}-${s.subscribedAt}`,
                  who: (
                    <Link href={`/profile/${encodeURIComponent(s.profileId)}`}>
                      {s.email ?? s.phoneNumber ?? s.profileId}
                    </Link>
                  ),
                  variant: <Link href={`/catalog/variant/${s.variantId}`}>{s.variantTitle ?? s.variantId}</Link>,
                  channels: s.channels.join(', ') || '—',
                  since: date(new Date(s.subscribedAt)),
                  status: s.notifiedAt ? (
                    <Badge variant="success">{t('subscriberNotified')}</Badge>
                  ) : (
                    <Badge variant="warning">{t('subscriberWaiting')}</Badge>
                  ),
                }))}
                empty={t('noSubscribers')}
              />
            </Card>
          )}
        </PageMain>
      </PageBody>
    </Page>
  )
}
