'use client'
// /metric/{metricId}/{metricSlug}: the metric over a timeframe (seed 002 §3.5 ranges) at a
// daily, weekly or monthly granularity, as count, unique profiles or value; optionally broken
// down by an event property into several series; totals; the event feed; CSV export.
import { useEffect, useState } from 'react'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { Notification } from '@/components/ui/notification'
import { Select } from '@/components/ui/select'
import { Spinner } from '@/components/ui/spinner'
import { useToast } from '@/components/shell/toasts'
import { readHttpFailure } from '@/components/auth/http-failure'
import type { MetricHeader } from '@/lib/profile-view/get-metric-header'
import { TimeframePicker, useTimeframeLabel } from './timeframe-picker'
import {
  defaultGranularity,
  GRANULARITY_OPTIONS,
  type ChartGranularity,
  type TimeframeValue,
} from './timeframe-options'
import { MetricChart } from './metric-chart'
import { MetricEventFeed } from './metric-event-feed'
import { seriesColor } from './chart-model'
import { DEFAULT_METRIC_VIEW, metricViewSearch, type MetricViewState } from './metric-url-state'
import {
  getJson,
  metricBase,
  MEASUREMENTS,
  startExport,
  type DimensionTriple,
  type MeasurementKey,
  type MetricChart as ChartData,
} from './metrics-api'
import styles from './metrics.module.css'

export interface MetricScreenProps {
  metric: MetricHeader
  canExport: boolean
  timeZone: string
  /** The choices read from the address (parseMetricView), restored on reload. */
  initial?: MetricViewState
}

export function MetricScreen({ metric, canExport, timeZone, initial = DEFAULT_METRIC_VIEW }: MetricScreenProps) {
  const t = useTranslations('metricsScreens')
  const tAgg = useTranslations('aggregators')
  const format = useFormatter()
  const toast = useToast()
  const timeframeLabel = useTimeframeLabel()
  const [timeframe, setTimeframe] = useState<TimeframeValue>(initial.timeframe)
  const [granularity, setGranularity] = useState<ChartGranularity>(initial.granularity)
  const [measurement, setMeasurement] = useState<MeasurementKey>(initial.measurement)
  const [by, setBy] = useState(initial.by)
  const [exporting, setExporting] = useState(false)
  const base = metricBase(metric.id)
  const letter = MEASUREMENTS.find((m) => m.key === measurement)!.letter

  // Keep the choices in the address without a navigation (Next.js keeps its router in step with
  // history.replaceState), so a reload or a shared link shows the same chart.
  useEffect(() => {
    const search = metricViewSearch({ timeframe, granularity, measurement, by }, window.location.search)
    if (search !== window.location.search)
      window.history.replaceState(window.history.state, '', window.location.pathname + search + window.location.hash)
  }, [timeframe, granularity, measurement, by])

  const dims = useSWR(['metric-dimensions', metric.id], () =>
    getJson<{ dimensions: DimensionTriple[] }>(`${base}/dimensions`),
  )
  const chart = useSWR(
    ['metric-chart', metric.id, timeframe.timeframe, timeframe.start, timeframe.end, granularity, letter, by],
    () =>
      getJson<ChartData>(`${base}/chart`, {
        timeframe: timeframe.timeframe,
        start: timeframe.start,
        end: timeframe.end,
        granularity,
        measurement: letter,
        by: by || undefined,
      }),
    { keepPreviousData: true },
  )

  const money = measurement === 'value'
  const formatMeasure = (n: number, compact = false) => {
    if (money) {
      try {
        return format.number(n, {
          style: 'currency',
          currency: metric.currency ?? 'USD',
          ...(compact ? { notation: 'compact', maximumFractionDigits: 1 } : {}),
        })
      } catch {
        /* unknown currency code: plain number below */
      }
    }
    return format.number(n, compact ? { notation: 'compact', maximumFractionDigits: 1 } : { maximumFractionDigits: 2 })
  }
  const seriesName = (s: ChartData['series'][number]) =>
    s.isOther
      ? t('otherValues')
      : s.dimension === null
        ? by
          ? t('noValue')
          : t(`measure.${measurement}`)
        : s.dimension

  function pickTimeframe(v: TimeframeValue) {
    setTimeframe(v)
    if (v.timeframe !== 'custom') setGranularity(defaultGranularity(v.timeframe))
  }

  async function exportCsv() {
    setExporting(true)
    try {
      await startExport(metric.id, timeframe)
      toast.show({
        variant: 'success',
        content: t('exportStarted'),
        action: { label: t('viewDownloads'), href: '/downloads' },
      })
    } catch (e) {
      const f = readHttpFailure(e)
      toast.show({ variant: 'error', content: Object.values(f.fieldErrors)[0] ?? f.message ?? t('exportError') })
    } finally {
      setExporting(false)
    }
  }

  const measures = MEASUREMENTS.filter((m) => m.key !== 'value' || metric.hasValues)
  const dimensionOptions = (dims.data?.dimensions ?? []).filter(([value]) => value !== '$value')
  const data = chart.data
  return (
    <Page width="full">
      <PageHead
        title={metric.name}
        description={
          <span className={styles.headMeta}>
            <Badge>{metric.integration}</Badge>
            {t('metricSince', { date: format.dateTime(new Date(metric.createdAt), { dateStyle: 'medium', timeZone }) })}
          </span>
        }
        actions={
          canExport ? (
            <Button onClick={exportCsv} loading={exporting} data-testid="metric-export">
              {t('exportCsv')}
            </Button>
          ) : undefined
        }
      />
      <PageBody>
        <Card>
          <div className={styles.controls}>
            <TimeframePicker value={timeframe} onChange={pickTimeframe} />
            <Select
              label={t('granularityLabel')}
              name="granularity"
              value={granularity}
              onChange={(e) => setGranularity(e.target.value as ChartGranularity)}
              options={GRANULARITY_OPTIONS.map((g) => ({ value: g, label: tAgg(g) }))}
            />
            <Select
              label={t('breakdownLabel')}
              name="breakdown"
              value={by}
              onChange={(e) => setBy(e.target.value)}
              options={[
                { value: '', label: t('noBreakdown') },
                ...dimensionOptions.map(([value, label]) => ({ value, label })),
              ]}
            />
            <fieldset className={styles.segmented}>
              <legend className={styles.segmentedLegend}>{t('measurementLabel')}</legend>
              <div className={styles.segmentedButtons}>
                {measures.map((m) => (
                  <label key={m.key} className={measurement === m.key ? styles.segmentOn : styles.segment}>
                    <input
                      type="radio"
                      name="measurement"
                      value={m.key}
                      checked={measurement === m.key}
                      onChange={() => setMeasurement(m.key)}
                    />
                    {t(`measure.${m.key}`)}
                  </label>
                ))}
              </div>
            </fieldset>
          </div>

          <div className={styles.totalRow} aria-live="polite">
            <div>
              <p className={styles.totalLabel}>
                {t('totalLabel', {
                  measure: t(`measure.${measurement}`),
                  timeframe: timeframeLabel(timeframe.timeframe),
                })}
              </p>
              <p className={styles.totalFigure} data-testid="metric-total">
                {data ? formatMeasure(data.total) : '—'}
              </p>
            </div>
            {chart.isValidating && <Spinner size="small" />}
          </div>

          {chart.error && (
            <Notification variant="error">{readHttpFailure(chart.error).message ?? t('chartError')}</Notification>
          )}
          {!data && !chart.error && (
            <div className={styles.chartPlaceholder}>
              <Spinner size="large" />
            </div>
          )}
          {data && data.total === 0 && !by && <p className={styles.chartEmpty}>{t('chartEmpty')}</p>}
          {data && (data.total > 0 || by) && (
            <MetricChart
              dates={data.dates}
              granularity={granularity}
              formatValue={formatMeasure}
              weekOf={(day) => t('weekOf', { day })}
              series={data.series.map((s) => ({ name: seriesName(s), values: s.values, isOther: s.isOther }))}
            />
          )}
          {data && by && data.series.length > 0 && (
            <table className={styles.totals} data-testid="metric-breakdown-totals">
              <thead>
                <tr>
                  <th scope="col">{by}</th>
                  <th scope="col" className={styles.num}>
                    {t(`measure.${measurement}`)}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.series.map((s, i) => (
                  <tr key={i}>
                    <td>
                      <span
                        className={styles.swatch}
                        style={{ background: seriesColor(i, s.isOther) }}
                        aria-hidden="true"
                      />
                      {seriesName(s)}
                    </td>
                    <td className={styles.num}>{formatMeasure(s.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Card>

        <MetricEventFeed metricId={metric.id} timeZone={timeZone} />
      </PageBody>
    </Page>
  )
}
