'use client'
// "Processing n%" for a segment being recomputed in the background: polls the group's
// search_percent_complete call every two seconds and tells the parent once it is done.
import { useEffect, useRef } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { Spinner } from '@/components/ui/spinner'
import { getJson } from './fetcher'
import styles from './shared.module.css'

export interface PercentComplete {
  percentComplete: number
  isProcessing: boolean
}

export const POLL_MS = 2000

export function useProcessingProgress(groupId: string, active: boolean, initialPercent: number, onDone?: () => void) {
  const { data } = useSWR<PercentComplete>(
    active ? `/ajax/group/${encodeURIComponent(groupId)}/search_percent_complete` : null,
    getJson,
    { refreshInterval: (d) => (d && !d.isProcessing ? 0 : POLL_MS), revalidateOnFocus: false },
  )
  const done = !!data && !data.isProcessing
  const notified = useRef(false)
  useEffect(() => {
    if (done && !notified.current) {
      notified.current = true
      onDone?.()
    }
  }, [done, onDone])
  const percent = Math.max(0, Math.min(100, Math.round(data?.percentComplete ?? initialPercent)))
  return { percent, done }
}

export function ProcessingIndicator({
  groupId,
  initialPercent,
  onDone,
}: {
  groupId: string
  initialPercent: number
  onDone?: () => void
}) {
  const t = useTranslations('lists')
  const { percent, done } = useProcessingProgress(groupId, true, initialPercent, onDone)
  if (done) return null
  return (
    <span className={styles.processing} data-testid="group-processing">
      <Spinner size="small" delayMs={0} label={t('processing', { percent })} />
      {t('processing', { percent })}
    </span>
  )
}

export function ProgressMeter({ percent, label }: { percent: number; label: string }) {
  return (
    <div
      className={styles.meter}
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-label={label}
    >
      <div className={styles.meterFill} style={{ width: `${percent}%` }} />
    </div>
  )
}
