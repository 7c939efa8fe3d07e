'use client'
// /analytics/custom-metrics/create and /edit/{id}: name, count or sum of value, and the metrics
// combined (each with an optional value property). Property filters written through the API
// are kept as they are and counted here; the server's field errors show beside the fields.
import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Notification } from '@/components/ui/notification'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Select } from '@/components/ui/select'
import { Spinner } from '@/components/ui/spinner'
import { TextField } from '@/components/ui/text-field'
import { isHttpError } from '@/lib/client/http'
import type { CustomMetricRow } from '@/lib/metrics/custom-metrics/definition'
import type { MetricListItem } from '@/components/metrics/metrics-api'
import { postJson, putJson, useInsight } from './insights-api'
import styles from './insights.module.css'

type Group = { metric_id: string; metric_filters: unknown[] | null; value_property: string | null }
const MAX_GROUPS = 10

export function CustomMetricForm({ id }: { id?: string }) {
  const t = useTranslations('insights')
  const metrics = useInsight<{ metrics: MetricListItem[] }>('/ajax/data/metrics')
  const existing = useInsight<CustomMetricRow>(id ? `/ajax/insights/custom-metrics/${encodeURIComponent(id)}` : null)
  if (id && existing.error) return <Notification variant="error">{t('loadError')}</Notification>
  if ((id && !existing.data) || !metrics.data)
    return (
      <div className={styles.centered}>
        <Spinner size="large" />
      </div>
    )
  return <CustomMetricEditor id={id} initial={existing.data ?? null} metrics={metrics.data.metrics} />
}

function CustomMetricEditor({
  id,
  initial,
  metrics,
}: {
  id?: string
  initial: CustomMetricRow | null
  metrics: MetricListItem[]
}) {
  const t = useTranslations('insights')
  const router = useRouter()
  const [name, setName] = useState(initial?.name ?? '')
  const [aggregation, setAggregation] = useState<'count' | 'value'>(initial?.definition.aggregation_method ?? 'count')
  const [groups, setGroups] = useState<Group[]>(
    initial?.definition.metric_groups.map((g) => ({ ...g })) ?? [
      { metric_id: '', metric_filters: null, value_property: null },
    ],
  )
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const [failed, setFailed] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const options = [{ value: '', label: t('chooseMetric') }, ...metrics.map((m) => ({ value: m.id, label: m.name }))]
  const setGroup = (i: number, patch: Partial<Group>) =>
    setGroups((gs) => gs.map((g, k) => (k === i ? { ...g, ...patch } : g)))

  async function save() {
    setBusy(true)
    setErrors({})
    setFailed(null)
    const body = {
      name,
      definition: {
        aggregation_method: aggregation,
        metric_groups: groups.map((g) => ({
          metric_id: g.metric_id,
          metric_filters: g.metric_filters,
          value_property: g.value_property || null,
        })),
      },
    }
    try {
      if (id) await putJson(`/ajax/insights/custom-metrics/${encodeURIComponent(id)}`, body)
      else await postJson('/ajax/insights/custom-metrics', body)
      router.push('/analytics/custom-metrics')
    } catch (e) {
      const data = isHttpError(e) ? (e.data as { fieldErrors?: Record<string, string[]>; message?: string }) : null
      setErrors(data?.fieldErrors ?? {})
      setFailed(data?.message ?? t('saveError'))
      setBusy(false)
    }
  }

  const fieldError = (key: string) => Object.entries(errors).find(([k]) => k === key || k.endsWith(key))?.[1]?.[0]
  return (
    <Page>
      <PageHead title={id ? t('customMetricEditTitle') : t('customMetricCreateTitle')} />
      <PageBody>
        <Card>
          <form
            className={styles.stack}
            onSubmit={(e) => {
              e.preventDefault()
              void save()
            }}
          >
            <TextField
              label={t('customMetricName')}
              name="name"
              value={name}
              maxLength={255}
              onChange={(e) => setName(e.target.value)}
              error={fieldError('name')}
            />
            <Select
              label={t('customMetricAggregation')}
              name="aggregation"
              value={aggregation}
              options={[
                { value: 'count', label: t('aggregationCount') },
                { value: 'value', label: t('aggregationValue') },
              ]}
              onChange={(e) => setAggregation(e.target.value === 'value' ? 'value' : 'count')}
            />
            {groups.map((g, i) => (
              <div key={i} className={styles.controls}>
                <Select
                  label={t('customMetricMetricN', { n: i + 1 })}
                  name={`metric-${i}`}
                  value={g.metric_id}
                  options={options}
                  onChange={(e) => setGroup(i, { metric_id: e.target.value })}
                  error={fieldError(`metric_groups.${i}.metric_id`) ?? fieldError(`metricGroups.${i}.metricId`)}
                />
                {aggregation === 'value' && (
                  <TextField
                    label={t('valueProperty')}
                    name={`value-${i}`}
                    value={g.value_property ?? ''}
                    placeholder="$value"
                    onChange={(e) => setGroup(i, { value_property: e.target.value || null })}
                  />
                )}
                {g.metric_filters?.length ? (
                  <span className={styles.muted}>{t('filtersKept', { count: g.metric_filters.length })}</span>
                ) : null}
                {groups.length > 1 && (
                  <Button
                    type="button"
                    size="small"
                    variant="tertiary"
                    onClick={() => setGroups((gs) => gs.filter((_, k) => k !== i))}
                  >
                    {t('remove')}
                  </Button>
                )}
              </div>
            ))}
            <div className={styles.actions}>
              <Button
                type="button"
                disabled={groups.length >= MAX_GROUPS}
                onClick={() =>
                  setGroups((gs) => [...gs, { metric_id: '', metric_filters: null, value_property: null }])
                }
              >
                {t('addMetric')}
              </Button>
            </div>
            {failed && <Notification variant="error">{failed}</Notification>}
            <div className={styles.actions}>
              <Button
                type="submit"
                variant="primary"
                disabled={busy || !name.trim() || groups.some((g) => !g.metric_id)}
              >
                {t('save')}
              </Button>
              <Button type="button" onClick={() => router.push('/analytics/custom-metrics')}>
                {t('cancel')}
              </Button>
            </div>
          </form>
        </Card>
      </PageBody>
    </Page>
  )
}
