'use client'
// The timeframe choices of the analytics screens, labelled as the metric screens label them.
import { useTranslations } from 'next-intl'
import { TIMEFRAME_ORDER, timeframeLabel } from '@/components/metrics/timeframe-options'
import type { Timeframe } from '@/lib/metrics/timeframe'

export function useTimeframeOptions(withCustom: boolean) {
  const tf = useTranslations('timeframes')
  const ms = useTranslations('metricsScreens')
  return TIMEFRAME_ORDER.filter((r) => withCustom || r !== 'custom').map((r: Timeframe) => {
    const l = timeframeLabel(r)
    return { value: r, label: l.namespace === 'timeframes' ? tf(l.key) : ms(l.key) }
  })
}
