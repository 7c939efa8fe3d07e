'use client'
// /catalog/reports/price-drop: each price drop recorded in the range (last 7, 30 or 90 days) —
// the item, the old and new price, the drop in percent, when, how many profiles it entered into
// price-drop flows and how many messages those sent — with the range's totals. Drops are only
// recorded while a flow with the price-drop trigger is live, which the empty state says.
import { useState } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { EmptyState } from '@/components/ui/empty-state'
import { LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { TableSkeleton } from '@/components/lists/table-skeleton'
import { readHttpFailure } from '@/components/auth/http-failure'
import { useMoney } from '@/components/reports/use-money'
import { ReportRangeSelect, type ReportRange } from './report-range'
import styles from './catalog-reports.module.css'

interface PriceDrop {
  changeId: number
  itemId: string
  variantId: string | null
  title: string
  oldPrice: number
  newPrice: number
  at: string
  profilesEntered: number
  sends: number
}
export interface PriceDropResponse {
  success: true
  range: { from: string; to: string }
  currency: string
  totals: { drops: number; profilesEntered: number; sends: number }
  drops: PriceDrop[]
}

/** The report's title for an item that no longer exists (lib/catalog/reports/price-drop.ts). */
export const DELETED_ITEM = '(deleted item)'

export function PriceDropReport() {
  const t = useTranslations('catalogReports')
  const format = useFormatter()
  const [range, setRange] = useState<ReportRange>('last_30_days')
  const { data, error, mutate } = useSWR(
    ['price-drop', range],
    () =>
      http
        .get<PriceDropResponse>('/ajax/catalog/reports/price-drop', { params: { daterange: range } })
        .then((r) => r.data),
    { keepPreviousData: true },
  )

  const money = useMoney(data?.currency)
  const pct = (d: PriceDrop) => (d.oldPrice > 0 ? (d.oldPrice - d.newPrice) / d.oldPrice : 0)
  let body
  if (error && !data) {
    body = (
      <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
        {readHttpFailure(error).message ?? t('loadError')}
      </Notification>
    )
  } else if (!data) {
    body = <TableSkeleton />
  } else if (data.drops.length === 0) {
    body = (
      <EmptyState
        heading={t('priceDrop.emptyTitle')}
        body={<p>{t('priceDrop.emptyBody')}</p>}
        actions={
          <>
            <LinkButton variant="primary" href="/flows/create">
              {t('priceDrop.createFlow')}
            </LinkButton>
            <LinkButton href="/flows">{t('viewFlows')}</LinkButton>
          </>
        }
      />
    )
  } else {
    body = (
      <>
        <Card title={t('totalsTitle')}>
          <dl className={styles.facts} data-testid="price-drop-totals">
            <div>
              <dt>{t('priceDrop.drops')}</dt>
              <dd>{format.number(data.totals.drops)}</dd>
            </div>
            <div>
              <dt>{t('profilesEntered')}</dt>
              <dd>{format.number(data.totals.profilesEntered)}</dd>
            </div>
            <div>
              <dt>{t('messagesSent')}</dt>
              <dd>{format.number(data.totals.sends)}</dd>
            </div>
          </dl>
        </Card>
        <Card title={t('priceDrop.tableTitle')}>
          <Table
            caption={t('priceDrop.tableTitle')}
            columns={[
              { key: 'item', header: t('colItem') },
              { key: 'price', header: t('priceDrop.colPrice'), align: 'right' },
              { key: 'drop', header: t('priceDrop.colDrop'), align: 'right' },
              { key: 'at', header: t('colWhen') },
              { key: 'entered', header: t('profilesEntered'), align: 'right' },
              { key: 'sends', header: t('messagesSent'), align: 'right' },
            ]}
            rows={data.drops.map((d) => ({
              id: d.changeId,
              item:
                d.title === DELETED_ITEM ? (
                  <span className={styles.muted}>{t('deletedItem')}</span>
                ) : (
                  <span>
                    <Link href={`/catalog/item/${encodeURIComponent(d.itemId)}`}>{d.title}</Link>
                    {d.variantId && <span className={styles.muted}> · {t('variant', { id: d.variantId })}</span>}
                  </span>
                ),
              price: (
                <span className={styles.num}>
                  <span className={styles.old}>{money(d.oldPrice)}</span> → {money(d.newPrice)}
                </span>
              ),
              drop: (
                <span className={`${styles.num} ${styles.drop}`}>
                  {format.number(pct(d), { style: 'percent', maximumFractionDigits: 1 })}
                </span>
              ),
              at: format.dateTime(new Date(d.at), { dateStyle: 'medium', timeStyle: 'short' }),
              entered: <span className={styles.num}>{format.number(d.profilesEntered)}</span>,
              sends: <span className={styles.num}>{format.number(d.sends)}</span>,
            }))}
          />
        </Card>
      </>
    )
  }
  return (
    <Page>
      <PageHead title={t('priceDrop.title')} description={t('priceDrop.description')} />
      <PageBody>
        <div className={styles.stack}>
          <div className={styles.toolbar}>
            <ReportRangeSelect value={range} onChange={setRange} />
          </div>
          {body}
        </div>
      </PageBody>
    </Page>
  )
}
