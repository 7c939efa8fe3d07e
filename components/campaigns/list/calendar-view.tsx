'use client'
// The calendar view of /campaigns: a month grid with each campaign on its send day (sent
// campaigns on their send time, scheduled ones on their planned time).
import { useState } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { getWithParams } from '@/components/lists/fetcher'
import type { CampaignPage, CampaignView } from '../campaigns-api'
import styles from '../campaigns.module.css'

const dayKey = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`

export function campaignDay(c: CampaignView): Date | null {
  const at = c.sentAt ?? c.sendStartedAt ?? c.scheduledAt
  return at ? new Date(at) : null
}

export function CalendarView({ filters }: { filters: Record<string, string | undefined> }) {
  const t = useTranslations('campaigns')
  const format = useFormatter()
  const [month, setMonth] = useState(() => {
    const now = new Date()
    return new Date(now.getFullYear(), now.getMonth(), 1)
  })
  const { data, error, mutate } = useSWR(
    ['/ajax/campaigns', { ...filters, page: 1, pageSize: 100, sort: 'last_sent' }] as const,
    getWithParams<CampaignPage>,
  )
  const byDay = new Map<string, CampaignView[]>()
  for (const c of data?.campaigns ?? []) {
    const d = campaignDay(c)
    if (d) byDay.set(dayKey(d), [...(byDay.get(dayKey(d)) ?? []), c])
  }
  // Weeks start on Monday; six rows cover every month.
  const first = new Date(month)
  first.setDate(1 - ((month.getDay() + 6) % 7))
  const days = Array.from(
    { length: 42 },
    (_, i) => new Date(first.getFullYear(), first.getMonth(), first.getDate() + i),
  )
  const today = dayKey(new Date())
  const shift = (n: number) => setMonth(new Date(month.getFullYear(), month.getMonth() + n, 1))

  return (
    <div data-testid="campaign-calendar">
      <div className={styles.calendarHead}>
        <Button size="small" onClick={() => shift(-1)} aria-label={t('previousMonth')}>
          ‹
        </Button>
        <h2 className={styles.calendarTitle}>{format.dateTime(month, { month: 'long', year: 'numeric' })}</h2>
        <Button size="small" onClick={() => shift(1)} aria-label={t('nextMonth')}>
          ›
        </Button>
        <Button
          size="small"
          variant="tertiary"
          onClick={() => {
            const n = new Date()
            setMonth(new Date(n.getFullYear(), n.getMonth(), 1))
          }}
        >
          {t('today')}
        </Button>
      </div>
      {error && (
        <Notification
          variant="error"
          title={t('loadError')}
          action={{ label: t('retry'), onClick: () => void mutate() }}
        />
      )}
      <div className={styles.calendar} role="grid" aria-label={t('calendarLabel')}>
        {days.slice(0, 7).map((d) => (
          <div key={`h${d.getDay()}`} className={styles.weekday} role="columnheader">
            {format.dateTime(d, { weekday: 'short' })}
          </div>
        ))}
        {days.map((d) => {
          const list = byDay.get(dayKey(d)) ?? []
          const cls = [
            styles.day,
            d.getMonth() !== month.getMonth() ? styles.outside : '',
            dayKey(d) === today ? styles.today : '',
          ].join(' ')
          return (
            <div key={dayKey(d)} className={cls} role="gridcell">
              <span className={styles.dayNumber}>{d.getDate()}</span>
              {list.map((c) => (
                <Link
                  key={c.id}
                  href={
                    c.status === 'Draft' ? `/campaign/${c.id}/wizard/audience` : `/campaign/${c.id}/reports/overview`
                  }
                  className={`${styles.event} ${c.sentAt ? styles.eventSent : ''}`}
                  title={`${c.name} · ${format.dateTime(campaignDay(c)!, { timeStyle: 'short' })}`}
                >
                  {format.dateTime(campaignDay(c)!, { timeStyle: 'short' })} {c.name}
                </Link>
              ))}
            </div>
          )
        })}
      </div>
    </div>
  )
}
