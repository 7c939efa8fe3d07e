'use client'
// /analytics/metrics/mapping: which metric (or custom metric) each business figure reads.
// Revenue is the attribution conversion metric, so it takes a metric only.
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { Card } from '@/components/ui/card'
import { Notification } from '@/components/ui/notification'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Select } from '@/components/ui/select'
import { Spinner } from '@/components/ui/spinner'
import type { MetricListItem } from '@/components/metrics/metrics-api'
import { putJson, useInsight } from './insights-api'
import styles from './insights.module.css'

interface Mapping {
  kind: string
  metricId: string | null
  customMetricId: string | null
}

export function MetricMappingScreen({ canWrite }: { canWrite: boolean }) {
  const t = useTranslations('insights')
  const { data, error, mutate } = useInsight<{ mappings: Mapping[] }>('/ajax/insights/mapped-metrics')
  const metrics = useInsight<{ metrics: MetricListItem[] }>('/ajax/data/metrics')
  const custom = useInsight<{ customMetrics: Array<{ id: string; name: string }> }>('/ajax/insights/custom-metrics')
  const [failed, setFailed] = useState(false)

  async function map(kind: string, value: string) {
    setFailed(false)
    const [type, id] = value.split(':', 2)
    try {
      await putJson('/ajax/insights/mapped-metrics', {
        kind,
        metricId: type === 'm' ? id : null,
        customMetricId: type === 'c' ? id : null,
      })
      await mutate()
    } catch {
      setFailed(true)
    }
  }

  const options = (kind: string) => [
    { value: '', label: t('notMapped') },
    ...(metrics.data?.metrics ?? []).map((m) => ({ value: `m:${m.id}`, label: m.name })),
    ...(kind === 'revenue' ? [] : (custom.data?.customMetrics ?? [])).map((m) => ({
      value: `c:${m.id}`,
      label: t('customOption', { name: m.name }),
    })),
  ]

  return (
    <Page>
      <PageHead title={t('mappingTitle')} description={t('mappingDescription')} />
      <PageBody>
        {(error || failed) && <Notification variant="error">{failed ? t('saveError') : t('loadError')}</Notification>}
        {!data && !error && (
          <div className={styles.centered}>
            <Spinner size="large" />
          </div>
        )}
        {data && (
          <Card>
            <div className={styles.stack} data-testid="metric-mapping">
              {data.mappings.map((m) => (
                <Select
                  key={m.kind}
                  label={t(`mappedKind.${m.kind}`)}
                  name={`map-${m.kind}`}
                  value={m.metricId ? `m:${m.metricId}` : m.customMetricId ? `c:${m.customMetricId}` : ''}
                  options={options(m.kind)}
                  disabled={!canWrite}
                  onChange={(e) => void map(m.kind, e.target.value)}
                />
              ))}
            </div>
          </Card>
        )}
      </PageBody>
    </Page>
  )
}
