'use client'
// /catalog/reports/low-inventory/{flowId}: a low-inventory flow's report for the last 7, 30 or
// 90 days — each item or variant that fell to or below the flow's threshold (its inventory then,
// when, how many profiles it entered into the flow), the totals with the messages the flow sent
// for them, and the activity over time (profiles entered and messages sent per day or week) as
// a bar chart with a y axis and period labels under their bars.
import { useState } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { Select } from '@/components/ui/select'
import { EmptyState } from '@/components/ui/empty-state'
import { LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { TableSkeleton } from '@/components/lists/table-skeleton'
import { readHttpFailure } from '@/components/auth/http-failure'
import { ReportRangeSelect, type ReportRange } from './report-range'
import { DELETED_ITEM } from './price-drop-report'
import styles from './catalog-reports.module.css'

interface Occurrence {
  itemId: string
  variantId: string | null
  title: string
  inventory: number
  at: string
  profilesEntered: number
}
export interface LowInventoryResponse {
  success: true
  flow: { id: string; name: string }
  totals: { occurrences: number; profilesEntered: number; sends: number }
  items: Occurrence[]
}
export interface ActivityResponse {
  success: true
  granularity: Granularity
  buckets: Array<{ start: string; entered: number; sends: number }>
}
type Granularity = 'day' | 'week'

const base = (flowId: string) => `/ajax/catalog/reports/low-inventory/${encodeURIComponent(flowId)}`

export function LowInventoryReport({ flowId }: { flowId: string }) {
  const t = useTranslations('catalogReports')
  const format = useFormatter()
  const [range, setRange] = useState<ReportRange>('last_30_days')
  const { data, error, mutate } = useSWR(
    ['low-inventory', flowId, range],
    () => http.get<LowInventoryResponse>(base(flowId), { params: { daterange: range } }).then((r) => r.data),
    { keepPreviousData: true },
  )

  if (error && !data) {
    const f = readHttpFailure(error)
    return (
      <Page>
        <PageHead title={t('lowInventory.title')} />
        <PageBody>
          {f.status === 404 ? (
            <EmptyState
              heading={t('lowInventory.notFoundTitle')}
              body={<p>{t('lowInventory.notFoundBody')}</p>}
              actions={<LinkButton href="/flows">{t('viewFlows')}</LinkButton>}
            />
          ) : (
            <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
              {f.message ?? t('loadError')}
            </Notification>
          )}
        </PageBody>
      </Page>
    )
  }
  return (
    <Page>
      <PageHead
        title={data ? t('lowInventory.titleWithFlow', { name: data.flow.name }) : t('lowInventory.title')}
        description={t('lowInventory.description')}
        actions={
          <LinkButton href={`/flow/${encodeURIComponent(flowId)}/edit`}>{t('lowInventory.openFlow')}</LinkButton>
        }
      />
      <PageBody>
        <div className={styles.stack}>
          <div className={styles.toolbar}>
            <ReportRangeSelect value={range} onChange={setRange} />
          </div>
          {!data ? (
            <TableSkeleton />
          ) : (
            <>
              <Card title={t('totalsTitle')}>
                <dl className={styles.facts} data-testid="low-inventory-totals">
                  <div>
                    <dt>{t('lowInventory.occurrences')}</dt>
                    <dd>{format.number(data.totals.occurrences)}</dd>
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
              <ActivityCard flowId={flowId} range={range} />
              <Card title={t('lowInventory.tableTitle')}>
                <p className={styles.help}>{t('lowInventory.tableHelp')}</p>
                {data.items.length === 0 ? (
                  <EmptyState
                    heading={t('lowInventory.emptyTitle')}
                    body={<p>{t('lowInventory.emptyBody')}</p>}
                    headingLevel={3}
                  />
                ) : (
                  <Table
                    caption={t('lowInventory.tableTitle')}
                    columns={[
                      { key: 'item', header: t('colItem') },
                      { key: 'inventory', header: t('lowInventory.colInventory'), align: 'right' },
                      { key: 'at', header: t('colWhen') },
                      { key: 'entered', header: t('profilesEntered'), align: 'right' },
                    ]}
                    rows={data.items.map((x, i) => ({
                      id: `${x.itemId}:${x.variantId ?? ''}:${x.at}:${i}`,
                      item:
                        x.title === DELETED_ITEM || !x.itemId ? (
                          <span className={styles.muted}>{t('deletedItem')}</span>
                        ) : (
                          <span>
                            <Link href={`/catalog/item/${encodeURIComponent(x.itemId)}`}>{x.title}</Link>
                            {x.variantId && (
                              <span className={styles.muted}> · {t('variant', { id: x.variantId })}</span>
                            )}
                          </span>
                        ),
                      inventory: <span className={styles.num}>{format.number(x.inventory)}</span>,
                      at: format.dateTime(new Date(x.at), { dateStyle: 'medium', timeStyle: 'short' }),
                      entered: <span className={styles.num}>{format.number(x.profilesEntered)}</span>,
                    }))}
                  />
                )}
              </Card>
            </>
          )}
        </div>
      </PageBody>
    </Page>
  )
}

function ActivityCard({ flowId, range }: { flowId: string; range: ReportRange }) {
  const t = useTranslations('catalogReports')
  const [granularity, setGranularity] = useState<Granularity>('day')
  const { data, error, mutate } = useSWR(
    ['low-inventory-activity', flowId, range, granularity],
    () =>
      http
        .get<ActivityResponse>(`${base(flowId)}/activity`, { params: { daterange: range, granularity } })
        .then((r) => r.data),
    { keepPreviousData: true },
  )
  return (
    <Card title={t('activity.title')}>
      <div className={styles.toolbar}>
        <Select
          label={t('activity.granularity')}
          name="granularity"
          value={granularity}
          data-testid="granularity"
          onChange={(e) => setGranularity(e.target.value as Granularity)}
          options={[
            { value: 'day', label: t('activity.day') },
            { value: 'week', label: t('activity.week') },
          ]}
        />
      </div>
      {error && !data ? (
        <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
          {readHttpFailure(error).message ?? t('loadError')}
        </Notification>
      ) : !data ? (
        <div className={styles.loading}>
          <Spinner size="large" />
        </div>
      ) : (
        <ActivityChart buckets={data.buckets} granularity={data.granularity === 'week' ? 'week' : 'day'} />
      )}
    </Card>
  )
}

/** Bars of profiles entered and messages sent per period; at most ~10 period labels, each under its column. */
export function ActivityChart({
  buckets,
  granularity,
}: {
  buckets: ActivityResponse['buckets']
  granularity: Granularity
}) {
  const t = useTranslations('catalogReports')
  const format = useFormatter()
  const peak = Math.max(1, ...buckets.map((b) => Math.max(b.entered, b.sends)))
  const top = peak % 2 === 0 ? peak : peak + 1 // the middle gridline stays a whole number
  const every = Math.max(1, Math.ceil(buckets.length / 10))
  const label = (iso: string) => format.dateTime(new Date(iso), { month: 'short', day: 'numeric', timeZone: 'UTC' })
  const periodName = (iso: string) => (granularity === 'week' ? t('activity.weekOf', { date: label(iso) }) : label(iso))
  const totals = buckets.reduce((s, b) => ({ entered: s.entered + b.entered, sends: s.sends + b.sends }), {
    entered: 0,
    sends: 0,
  })
  return (
    <div>
      <div
        className={styles.chart}
        role="img"
        aria-label={t('activity.chartLabel', { entered: totals.entered, sends: totals.sends })}
        data-testid="activity-chart"
      >
        <div className={styles.yAxis} aria-hidden="true">
          <span>{format.number(top)}</span>
          <span>{format.number(top / 2)}</span>
          <span>0</span>
        </div>
        <div className={styles.plot}>
          {buckets.map((b) => (
            <div
              key={b.start}
              className={styles.column}
              title={t('activity.barTitle', { period: periodName(b.start), entered: b.entered, sends: b.sends })}
              data-testid="activity-column"
            >
              <div className={`${styles.bar} ${styles.entered}`} style={{ height: `${(b.entered / top) * 100}%` }} />
              <div className={`${styles.bar} ${styles.sends}`} style={{ height: `${(b.sends / top) * 100}%` }} />
            </div>
          ))}
        </div>
        <div className={styles.xAxis} aria-hidden="true">
          {buckets.map((b, i) => (
            <span key={b.start} className={styles.xLabel} data-testid="activity-label">
              {i % every === 0 ? label(b.start) : ''}
            </span>
          ))}
        </div>
      </div>
      <div className={styles.legend}>
        <span>
          <span className={`${styles.swatch} ${styles.entered}`} aria-hidden="true" />
          {t('profilesEntered')}
        </span>
        <span>
          <span className={`${styles.swatch} ${styles.sends}`} aria-hidden="true" />
          {t('messagesSent')}
        </span>
      </div>
      <table className="visually-hidden" data-testid="activity-table">
        <caption>{t('activity.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('activity.period')}</th>
            <th scope="col">{t('profilesEntered')}</th>
            <th scope="col">{t('messagesSent')}</th>
          </tr>
        </thead>
        <tbody>
          {buckets.map((b) => (
            <tr key={b.start}>
              <td>{periodName(b.start)}</td>
              <td>{b.entered}</td>
              <td>{b.sends}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
