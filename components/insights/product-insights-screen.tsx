'use client'
// /catalog-insights/product: top products by revenue and by orders, products bought together
// and the repeat rate per product, over a timeframe.
import { useState } from 'react'
import { useFormatter, useTranslations } from 'next-intl'
import { Card } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Spinner } from '@/components/ui/spinner'
import { TextField } from '@/components/ui/text-field'
import { ChartIcon } from '@/components/ui/icons'
import { daysBefore, isoDay, useInsight, type ProductInsights } from './insights-api'
import styles from './insights.module.css'

export function ProductInsightsScreen({ currency }: { currency: string }) {
  const t = useTranslations('insights')
  const format = useFormatter()
  const [start, setStart] = useState(() => daysBefore(364))
  const [end, setEnd] = useState(() => isoDay(new Date()))
  const valid = start <= end
  const { data, error, isLoading } = useInsight<ProductInsights>(valid ? '/ajax/insights/products' : null, {
    start,
    end,
  })
  const money = (v: number) => format.number(v, { style: 'currency', currency, maximumFractionDigits: 0 })
  const pct = (v: number) => format.number(v, { style: 'percent', maximumFractionDigits: 1 })
  const empty = data && data.topByRevenue.length === 0

  const productTable = (rows: ProductInsights['topByRevenue'], label: string) => (
    <div className={styles.tableWrap} role="region" aria-label={label} tabIndex={0}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t('product')}</th>
            <th scope="col" className={styles.num}>
              {t('productRevenue')}
            </th>
            <th scope="col" className={styles.num}>
              {t('productOrders')}
            </th>
            <th scope="col" className={styles.num}>
              {t('productCustomers')}
            </th>
            <th scope="col" className={styles.num}>
              {t('productRepeatRate')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={p.productId}>
              <th scope="row">{p.name}</th>
              <td className={styles.num}>{money(p.revenue)}</td>
              <td className={styles.num}>{format.number(p.orders)}</td>
              <td className={styles.num}>{format.number(p.customers)}</td>
              <td className={styles.num}>{pct(p.repeatRate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )

  return (
    <Page>
      <PageHead title={t('productTitle')} description={t('productDescription')} />
      <PageBody>
        <div className={styles.controls}>
          <TextField
            label={t('start')}
            name="products-start"
            type="date"
            value={start}
            max={end}
            onChange={(e) => setStart(e.target.value)}
          />
          <TextField
            label={t('end')}
            name="products-end"
            type="date"
            value={end}
            onChange={(e) => setEnd(e.target.value)}
            error={valid ? undefined : t('startAfterEnd')}
          />
        </div>
        {error && <Notification variant="error">{t('loadError')}</Notification>}
        {isLoading && !data && (
          <div className={styles.centered}>
            <Spinner size="large" />
          </div>
        )}
        {empty && (
          <EmptyState image={<ChartIcon size={28} />} heading={t('productEmptyTitle')} body={t('productEmptyBody')} />
        )}
        {data && !empty && (
          <div className={styles.stack}>
            <Card title={t('topByRevenue')} flush>
              {productTable(data.topByRevenue, t('topByRevenue'))}
            </Card>
            <Card title={t('topByOrders')} flush>
              {productTable(data.topByOrders, t('topByOrders'))}
            </Card>
            <Card title={t('boughtTogether')} flush>
              <div className={styles.tableWrap} role="region" aria-label={t('boughtTogether')} tabIndex={0}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t('product')}</th>
                      <th scope="col">{t('product')}</th>
                      <th scope="col" className={styles.num}>
                        {t('pairOrders')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.pairs.map((p) => (
                      <tr key={`${p.a.productId}|${p.b.productId}`}>
                        <td>{p.a.name}</td>
                        <td>{p.b.name}</td>
                        <td className={styles.num}>{format.number(p.orders)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </Card>
          </div>
        )}
      </PageBody>
    </Page>
  )
}
