'use client'
// A form's publish schedule in words: "Goes live 2026-12-01 09:00 (Europe/Berlin)".
import { useTranslations } from 'next-intl'
import type { ScheduleValue } from '../forms-types'
import styles from './view.module.css'

export function ScheduleText({ schedule }: { schedule: ScheduleValue | null }) {
  const t = useTranslations('forms')
  if (!schedule?.publishAt && !schedule?.unpublishAt) return <p className={styles.muted}>{t('schedule.none')}</p>
  const at = (m: NonNullable<ScheduleValue['publishAt']>) => `${m.date} ${m.time} (${m.timezone})`
  return (
    <ul className={styles.rules} data-testid="schedule-text">
      {schedule.publishAt && <li>{t('schedule.livesAt', { when: at(schedule.publishAt) })}</li>}
      {schedule.unpublishAt && <li>{t('schedule.endsAt', { when: at(schedule.unpublishAt) })}</li>}
    </ul>
  )
}
