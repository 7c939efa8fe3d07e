// One variant (/catalog/variant/{id}): its facts and its price and inventory history.
// Server component over lib/catalog/queries.ts, scoped by the signed-in company.
import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { getVariant } from '@/lib/catalog/queries'
import { Page, PageBody, PageHead, PageMain } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { LinkButton } from '@/components/ui/button'
import styles from './catalog.module.css'
import { companyId, POLICY_KEYS, formats } from './catalog-screen-shared'

export async function CatalogVariantDetail({ variantId }: { variantId: string }) {
  const t = await getTranslations('catalog')
  const cid = await companyId()
  const v = await getVariant(cid, variantId)
  const { money, date } = await formats(cid)
  if (!v) notFound()
  const history = [
    ...v.priceHistory.map((h) => ({ ...h, kind: t('price') })),
    ...v.inventoryHistory.map((h) => ({ ...h, kind: t('inventory') })),
  ].sort((a, b) => b.id - a.id)
  return (
    <Page>
      <PageHead
        title={v.title}
        description={v.sku}
        actions={v.item ? <LinkButton href={`/catalog/item/${v.item.id}`}>{v.item.title}</LinkButton> : undefined}
      />
      <PageBody>
        <PageMain>
          <Card title={t('details')}>
            <dl className={styles.dl}>
              <dt>{t('price')}</dt>
              <dd>{money(v.price)}</dd>
              <dt>{t('inventory')}</dt>
              <dd>{v.inventoryQuantity}</dd>
              <dt>{t('inventoryPolicy')}</dt>
              <dd>{t(POLICY_KEYS[v.inventoryPolicy] ?? 'policy0')}</dd>
              <dt>{t('externalId')}</dt>
              <dd>{v.externalId}</dd>
              <dt>{t('status')}</dt>
              <dd>{v.published ? t('publishedBadge') : t('unpublishedBadge')}</dd>
            </dl>
          </Card>
          <Card title={t('history')} flush>
            <Table
              caption={t('history')}
              columns={[
                { key: 'at', header: t('when') },
                { key: 'kind', header: t('change') },
                { key: 'old', header: t('from'), align: 'right' },
                { key: 'new', header: t('to'), align: 'right' },
              ]}
              rows={history.map((h) => ({
                id: h.id,
                at: date(h.at),
                kind: h.kind,
                old: h.oldValue ?? '—',
                new: h.newValue ?? '—',
              }))}
              empty={t('noHistory')}
            />
          </Card>
        </PageMain>
      </PageBody>
    </Page>
  )
}
