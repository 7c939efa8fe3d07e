'use client'
// The publish schedule (seed 002 §3.4): when the form goes live and when it stops, each a date,
// a time and the time zone they are meant in. The server turns them into instants.
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Button } from '@/components/ui/button'
import { FormError } from '@/components/ui/form-error'
import type { ScheduleMoment, ScheduleValue } from '../forms-types'
import { Checkbox } from './block-fields'
import styles from './editor.module.css'

export interface SchedulePanelProps {
  value: ScheduleValue | null
  canWrite: boolean
  busy?: boolean
  /** Field errors from the server, keyed 'publishAt.date' style. */
  errors?: Record<string, string>
  onSchedule: (value: ScheduleValue) => void
  onClear: () => void
}

function zones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (k: string) => string[] }
  try {
    return intl.supportedValuesOf?.('timeZone') ?? ['UTC']
  } catch {
    return ['UTC']
  }
}

const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
const empty = (): ScheduleMoment => ({ date: '', time: '09:00', timezone: localZone() })

export function SchedulePanel({ value, canWrite, busy, errors = {}, onSchedule, onClear }: SchedulePanelProps) {
  const t = useTranslations('forms')
  const [publishAt, setPublishAt] = useState<ScheduleMoment>(value?.publishAt ?? empty())
  const [withEnd, setWithEnd] = useState(!!value?.unpublishAt)
  const [unpublishAt, setUnpublishAt] = useState<ScheduleMoment>(value?.unpublishAt ?? empty())
  const [local, setLocal] = useState<string | null>(null)
  const tzOptions = [...new Set([publishAt.timezone, unpublishAt.timezone, ...zones()])].map((z) => ({
    value: z,
    label: z,
  }))

  function submit() {
    if (!publishAt.date || !publishAt.time) return setLocal(t('schedule.needStart'))
    if (withEnd && (!unpublishAt.date || !unpublishAt.time)) return setLocal(t('schedule.needEnd'))
    if (
      withEnd &&
      unpublishAt.timezone === publishAt.timezone &&
      `${unpublishAt.date}T${unpublishAt.time}` <= `${publishAt.date}T${publishAt.time}`
    )
      return setLocal(t('schedule.endBeforeStart'))
    setLocal(null)
    // Only the three entered parts go back: the server's answer also carries the UTC dateTime.
    const parts = (m: ScheduleMoment): ScheduleMoment => ({ date: m.date, time: m.time, timezone: m.timezone })
    onSchedule({ publishAt: parts(publishAt), unpublishAt: withEnd ? parts(unpublishAt) : null })
  }

  const moment = (prefix: 'publishAt' | 'unpublishAt', m: ScheduleMoment, set: (m: ScheduleMoment) => void) => (
    <div className={styles.scheduleRow}>
      <TextField
        label={t('schedule.date')}
        name={`${prefix}-date`}
        type="date"
        value={m.date}
        disabled={!canWrite}
        error={errors[`${prefix}.date`] ?? errors[prefix]}
        onChange={(e) => set({ ...m, date: e.target.value })}
        data-testid={`${prefix}-date`}
      />
      <TextField
        label={t('schedule.time')}
        name={`${prefix}-time`}
        type="time"
        value={m.time}
        disabled={!canWrite}
        error={errors[`${prefix}.time`]}
        onChange={(e) => set({ ...m, time: e.target.value })}
      />
      <Select
        label={t('schedule.timezone')}
        name={`${prefix}-timezone`}
        value={m.timezone}
        disabled={!canWrite}
        options={tzOptions}
        error={errors[`${prefix}.timezone`]}
        onChange={(e) => set({ ...m, timezone: e.target.value })}
      />
    </div>
  )

  return (
    <section className={styles.panelSection} aria-labelledby="schedule-heading" data-testid="schedule-panel">
      <h3 id="schedule-heading" className={styles.panelHeading}>
        {t('schedule.title')}
      </h3>
      <p className={styles.muted}>{value ? t('schedule.current') : t('schedule.none')}</p>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('schedule.publishAt')}</legend>
        {moment('publishAt', publishAt, setPublishAt)}
      </fieldset>
      <Checkbox name="with-end" label={t('schedule.withEnd')} checked={withEnd} onChange={setWithEnd} />
      {withEnd && (
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('schedule.unpublishAt')}</legend>
          {moment('unpublishAt', unpublishAt, setUnpublishAt)}
        </fieldset>
      )}
      {local && <FormError>{local}</FormError>}
      {canWrite && (
        <div className={styles.buttonRow}>
          <Button variant="primary" size="small" loading={busy} onClick={submit} data-testid="schedule-save">
            {t('schedule.save')}
          </Button>
          {value && (
            <Button size="small" onClick={onClear} disabled={busy}>
              {t('schedule.clear')}
            </Button>
          )}
        </div>
      )}
    </section>
  )
}
