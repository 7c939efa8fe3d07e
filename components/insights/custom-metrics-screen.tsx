'use client'
// /analytics/custom-metrics: the account's custom metrics (named combinations of metrics,
// counted or summed), each editable; delete asks first.
import { useState } from 'react'
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import { Button, LinkButton } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Spinner } from '@/components/ui/spinner'
import { ChartIcon } from '@/components/ui/icons'
import type { CustomMetricRow } from '@/lib/metrics/custom-metrics/definition'
import type { MetricListItem } from '@/components/metrics/metrics-api'
import { deleteJson, useInsight } from './insights-api'
import styles from './insights.module.css'

export function CustomMetricsScreen({ canWrite }: { canWrite: boolean }) {
  const t = useTranslations('insights')
  const { data, error, isLoading, mutate } = useInsight<{ customMetrics: CustomMetricRow[] }>(
    '/ajax/insights/custom-metrics',
  )
  const metrics = useInsight<{ metrics: MetricListItem[] }>('/ajax/data/metrics')
  const [confirming, setConfirming] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  const names = new Map(metrics.data?.metrics.map((m) => [m.id, m.name]) ?? [])

  async function remove(id: string) {
    setFailed(false)
    try {
      await deleteJson(`/ajax/insights/custom-metrics/${encodeURIComponent(id)}`)
      setConfirming(null)
      await mutate()
    } catch {
      setFailed(true)
    }
  }

  return (
    <Page>
      <PageHead
        title={t('customMetricsTitle')}
        description={t('customMetricsDescription')}
        actions={
          canWrite && (
            <LinkButton variant="primary" href="/analytics/custom-metrics/create">
              {t('customMetricCreate')}
            </LinkButton>
          )
        }
      />
      <PageBody>
        {(error || failed) && <Notification variant="error">{failed ? t('saveError') : t('loadError')}</Notification>}
        {isLoading && !data && (
          <div className={styles.centered}>
            <Spinner size="large" />
          </div>
        )}
        {data && data.customMetrics.length === 0 && (
          <EmptyState
            image={<ChartIcon size={28} />}
            heading={t('customMetricsEmpty')}
            body={t('customMetricsEmptyBody')}
          />
        )}
        {data && data.customMetrics.length > 0 && (
          <Card flush>
            <div className={styles.tableWrap} role="region" aria-label={t('customMetricsTitle')} tabIndex={0}>
              <table className={styles.table} data-testid="custom-metrics">
                <thead>
                  <tr>
                    <th scope="col">{t('customMetricName')}</th>
                    <th scope="col">{t('customMetricCombines')}</th>
                    <th scope="col">{t('customMetricAggregation')}</th>
                    <th scope="col" />
                  </tr>
                </thead>
                <tbody>
                  {data.customMetrics.map((m) => (
                    <tr key={m.id}>
                      <td>
                        {canWrite ? (
                          <Link href={`/analytics/custom-metrics/edit/${encodeURIComponent(m.id)}`}>{m.name}</Link>
                        ) : (
                          m.name
                        )}
                      </td>
                      <td>{m.definition.metric_groups.map((g) => names.get(g.metric_id) ?? g.metric_id).join(', ')}</td>
                      <td>
                        {m.definition.aggregation_method === 'value' ? t('aggregationValue') : t('aggregationCount')}
                      </td>
                      <td className={styles.num}>
                        {canWrite &&
                          (confirming === m.id ? (
                            <span className={styles.actions}>
                              <Button size="small" variant="danger" onClick={() => void remove(m.id)}>
                                {t('confirmDelete')}
                              </Button>
                              <Button size="small" onClick={() => setConfirming(null)}>
                                {t('cancel')}
                              </Button>
                            </span>
                          ) : (
                            <Button size="small" variant="tertiary" onClick={() => setConfirming(m.id)}>
                              {t('delete')}
                            </Button>
                          ))}
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
