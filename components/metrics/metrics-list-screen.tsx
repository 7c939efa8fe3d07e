'use client'
// /analytics/metrics: every metric of the account with its integration, event count and last
// event; search by name; sortable columns; each row opens the metric's page.
import { useDeferredValue, useState } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { EmptyState } from '@/components/ui/empty-state'
import { NoResultsState } from '@/components/ui/library-states'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { TextField } from '@/components/ui/text-field'
import { ChartIcon } from '@/components/ui/icons'
import { metricPath } from '@/lib/profile-view/slug'
import { MetricIcon } from '@/components/profile/metric-icon'
import { getJson, type MetricListItem } from './metrics-api'
import styles from './metrics.module.css'

type SortKey = 'name' | 'integration' | 'eventCount' | 'lastEventAt'

export function sortMetrics(items: MetricListItem[], key: SortKey, desc: boolean): MetricListItem[] {
  const dir = desc ? -1 : 1
  return [...items].sort((a, b) => {
    const x = a[key] ?? ''
    const y = b[key] ?? ''
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y))
    return c * dir || a.name.localeCompare(b.name)
  })
}

export function MetricsListScreen({ timeZone }: { timeZone: string }) {
  const t = useTranslations('metricsScreens')
  const format = useFormatter()
  const [search, setSearch] = useState('')
  const query = useDeferredValue(search.trim())
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'name', desc: false })
  const { data, error, isLoading } = useSWR(
    ['/ajax/data/metrics', query],
    ([url, q]) => getJson<{ metrics: MetricListItem[] }>(url, { search: q || undefined }),
    { keepPreviousData: true },
  )
  const metrics = data ? sortMetrics(data.metrics, sort.key, sort.desc) : []

  const header = (key: SortKey, label: string, align: 'left' | 'right' = 'left') => (
    <th
      scope="col"
      className={align === 'right' ? styles.num : undefined}
      aria-sort={sort.key === key ? (sort.desc ? 'descending' : 'ascending') : 'none'}
    >
      <button
        type="button"
        className={styles.sortButton}
        onClick={() =>
          setSort((s) => ({ key, desc: s.key === key ? !s.desc : key !== 'name' && key !== 'integration' }))
        }
      >
        {label}
        {sort.key === key && <span aria-hidden="true">{sort.desc ? ' ↓' : ' ↑'}</span>}
      </button>
    </th>
  )

  const empty = !isLoading && !error && data && data.metrics.length === 0
  return (
    <Page>
      <PageHead title={t('listTitle')} description={t('listDescription')} />
      <PageBody>
        <div className={styles.toolbar}>
          <TextField
            label={t('searchLabel')}
            name="metric-search"
            type="search"
            value={search}
            placeholder={t('searchPlaceholder')}
            onChange={(e) => setSearch(e.target.value)}
            className={styles.search}
          />
          {data && <span className={styles.muted}>{t('metricCount', { count: data.metrics.length })}</span>}
        </div>
        {error && <Notification variant="error">{t('loadError')}</Notification>}
        {isLoading && !data && (
          <div className={styles.centered}>
            <Spinner size="large" />
          </div>
        )}
        {empty &&
          (query ? (
            <NoResultsState />
          ) : (
            <EmptyState image={<ChartIcon size={28} />} heading={t('emptyTitle')} body={t('emptyBody')} />
          ))}
        {metrics.length > 0 && (
          <Card flush>
            <div className={styles.tableWrap}>
              <table className={styles.table} data-testid="metrics-table">
                <thead>
                  <tr>
                    {header('name', t('colName'))}
                    {header('integration', t('colIntegration'))}
                    {header('eventCount', t('colEvents'), 'right')}
                    {header('lastEventAt', t('colLastEvent'), 'right')}
                  </tr>
                </thead>
                <tbody>
                  {metrics.map((m) => (
                    <tr key={m.id} data-testid="metric-row">
                      <td>
                        <Link href={metricPath(m.id, m.name)} className={styles.metricLink}>
                          <MetricIcon name={m.name} />
                          <span>{m.name}</span>
                        </Link>
                      </td>
                      <td>
                        <Badge variant="neutral">{m.integration}</Badge>
                      </td>
                      <td className={styles.num}>{format.number(m.eventCount)}</td>
                      <td className={styles.num}>
                        {m.lastEventAt ? (
                          <time dateTime={m.lastEventAt}>
                            {format.dateTime(new Date(m.lastEventAt), {
                              dateStyle: 'medium',
                              timeStyle: 'short',
                              timeZone,
                            })}
                          </time>
                        ) : (
                          <span className={styles.muted}>{t('noEventsYet')}</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Card>
        )}
      </PageBody>
    </Page>
  )
}
