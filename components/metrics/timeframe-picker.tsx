'use client'
// Timeframe picker: the 22 ranges of seed 002 §3.5; "Custom" opens two date fields and applies
// once both days form a valid range.
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { Select } from '@/components/ui/select'
import { TextField } from '@/components/ui/text-field'
import { FormError } from '@/components/ui/form-error'
import {
  customRangeError,
  isTimeframe,
  TIMEFRAME_ORDER,
  timeframeLabel,
  type TimeframeValue,
} from './timeframe-options'
import styles from './metrics.module.css'

export function useTimeframeLabel() {
  const shared = useTranslations('timeframes')
  const own = useTranslations('metricsScreens')
  return (tf: TimeframeValue['timeframe']) => {
    const ref = timeframeLabel(tf)
    return ref.namespace === 'timeframes' ? shared(ref.key) : own(ref.key)
  }
}

export function TimeframePicker({ value, onChange }: { value: TimeframeValue; onChange: (v: TimeframeValue) => void }) {
  const t = useTranslations('metricsScreens')
  const label = useTimeframeLabel()
  const [custom, setCustom] = useState({ start: value.start ?? '', end: value.end ?? '' })
  const [showCustom, setShowCustom] = useState(value.timeframe === 'custom')
  const error = showCustom ? customRangeError(custom.start, custom.end) : null

  function pick(v: string) {
    if (!isTimeframe(v)) return
    if (v === 'custom') {
      setShowCustom(true)
      if (!customRangeError(custom.start, custom.end)) onChange({ timeframe: 'custom', ...custom })
      return
    }
    setShowCustom(false)
    onChange({ timeframe: v })
  }

  function setDay(which: 'start' | 'end', day: string) {
    const next = { ...custom, [which]: day }
    setCustom(next)
    if (!customRangeError(next.start, next.end)) onChange({ timeframe: 'custom', ...next })
  }

  return (
    <div className={styles.timeframe}>
      <Select
        label={t('timeframeLabel')}
        name="timeframe"
        data-testid="timeframe-select"
        value={showCustom ? 'custom' : value.timeframe}
        onChange={(e) => pick(e.target.value)}
        options={TIMEFRAME_ORDER.map((tf) => ({ value: tf, label: label(tf) }))}
      />
      {showCustom && (
        <>
          <TextField
            label={t('customStart')}
            name="timeframe-start"
            type="date"
            value={custom.start}
            onChange={(e) => setDay('start', e.target.value)}
          />
          <TextField
            label={t('customEnd')}
            name="timeframe-end"
            type="date"
            value={custom.end}
            min={custom.start || undefined}
            onChange={(e) => setDay('end', e.target.value)}
          />
          {error === 'order' && (
            <div className={styles.timeframeError}>
              <FormError>{t('customOrder')}</FormError>
            </div>
          )}
        </>
      )}
    </div>
  )
}
