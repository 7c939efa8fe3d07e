'use client'
// The activity timeline: events and the messages sent (or skipped) to the profile, newest first,
// grouped by day in the company's time zone; each event with its metric, time, value (as
// currency when it has one) and expandable properties, each message with its status;
// a metric filter, "Load more" (cursor paging) and a quiet refresh while the page is open.
import { useState } from 'react'
import useSWRInfinite from 'swr/infinite'
import { useFormatter, useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Notification } from '@/components/ui/notification'
import { Select } from '@/components/ui/select'
import { Spinner } from '@/components/ui/spinner'
import { ChevronDownIcon, ChevronRightIcon } from '@/components/ui/icons'
import type { MetricCount, TimelineEvent, TimelinePage } from '@/lib/profile-view/profile-detail-types'
import { fetchTimeline } from './profile-api'
import { MetricIcon } from './metric-icon'
import { formatValue } from './format-value'
import {
  dayKeyToDate,
  eventSummary,
  groupEventsByDay,
  mergeTimeline,
  propertyText,
  relativeDay,
  sortedProperties,
} from './timeline-model'
import { TimelineMessageRow } from './timeline-message-row'
import styles from './profile-screen.module.css'

export const TIMELINE_REFRESH_MS = 15_000

interface Props {
  profileId: string
  metrics: MetricCount[]
  timeZone: string
}

export function ProfileTimeline({ profileId, metrics, timeZone }: Props) {
  const t = useTranslations('profile')
  const format = useFormatter()
  const [metricId, setMetricId] = useState('')
  const { data, error, size, setSize, isLoading, isValidating, mutate } = useSWRInfinite<TimelinePage>(
    (index, previous: TimelinePage | null) => {
      if (previous && !previous.nextCursor) return null
      return ['profile-timeline', profileId, metricId, index === 0 ? null : previous!.nextCursor]
    },
    ([, id, metric, cursor]: [string, string, string, string | null]) =>
      fetchTimeline(id, { cursor, metricId: metric }),
    { refreshInterval: TIMELINE_REFRESH_MS, revalidateFirstPage: true },
  )
  const events = data?.flatMap((p) => p.events) ?? []
  const items = mergeTimeline(events, data?.flatMap((p) => p.messages ?? []) ?? [])
  const hasMore = !!data?.[data.length - 1]?.nextCursor
  const loadingMore = size > 0 && !!data && typeof data[size - 1] === 'undefined'
  const groups = groupEventsByDay(items, timeZone)

  const dayTitle = (day: string) => {
    const rel = relativeDay(day, timeZone)
    const full = format.dateTime(dayKeyToDate(day), {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    })
    return rel ? `${t(rel)} · ${full}` : full
  }

  return (
    <Card
      title={t('activityTitle')}
      actions={
        <div className={styles.timelineTools}>
          <Select
            label={t('filterByMetric')}
            name="timeline-metric"
            value={metricId}
            onChange={(e) => setMetricId(e.target.value)}
            className={styles.inlineSelect}
            options={[
              { value: '', label: t('allMetrics') },
              ...metrics.map((m) => ({ value: m.id, label: `${m.name} (${format.number(m.count)})` })),
            ]}
          />
          <Button size="small" variant="tertiary" onClick={() => mutate()} loading={isValidating && !isLoading}>
            {t('refresh')}
          </Button>
        </div>
      }
    >
      <div data-testid="profile-timeline" aria-busy={isLoading || undefined}>
        {error && !data && <Notification variant="error">{t('timelineError')}</Notification>}
        {isLoading && (
          <div className={styles.centered}>
            <Spinner />
          </div>
        )}
        {!isLoading && !error && items.length === 0 && (
          <div className={styles.emptyBlock}>
            <p className={styles.emptyTitle}>{t(metricId ? 'noEventsForMetric' : 'noEvents')}</p>
            <p className={styles.mutedSmall}>{t('noEventsBody')}</p>
          </div>
        )}
        {groups.map((g) => (
          <section key={g.day} className={styles.dayGroup} aria-label={dayTitle(g.day)}>
            <h3 className={styles.dayTitle}>{dayTitle(g.day)}</h3>
            <ol className={styles.eventList}>
              {g.events.map((item) =>
                item.kind === 'event' ? (
                  <TimelineRow key={`e${item.event.id}`} event={item.event} timeZone={timeZone} />
                ) : (
                  <TimelineMessageRow key={`m${item.message.id}`} message={item.message} timeZone={timeZone} />
                ),
              )}
            </ol>
          </section>
        ))}
        {hasMore && (
          <div className={styles.loadMore}>
            <Button onClick={() => setSize(size + 1)} loading={loadingMore}>
              {t('loadMore')}
            </Button>
          </div>
        )}
      </div>
    </Card>
  )
}

function TimelineRow({ event, timeZone }: { event: TimelineEvent; timeZone: string }) {
  const t = useTranslations('profile')
  const format = useFormatter()
  const [open, setOpen] = useState(false)
  const summary = eventSummary(event.properties)
  const props = sortedProperties(event.properties)
  const time = format.dateTime(new Date(event.datetime), { hour: 'numeric', minute: '2-digit', timeZone })
  return (
    <li className={styles.event} data-testid="timeline-event" data-metric={event.metricName} data-event-id={event.id}>
      <MetricIcon name={event.metricName} />
      <div className={styles.eventBody}>
        <div className={styles.eventHead}>
          <span className={styles.eventMetric}>{event.metricName}</span>
          {event.value !== null && (
            <span className={styles.eventValue}>{formatValue(format, event.value, event.currency)}</span>
          )}
          <time
            className={styles.eventTime}
            dateTime={event.datetime}
            title={format.dateTime(new Date(event.datetime), { dateStyle: 'full', timeStyle: 'long', timeZone })}
          >
            {time}
          </time>
        </div>
        {summary && <p className={styles.eventSummary}>{summary}</p>}
        {props.length > 0 && (
          <button type="button" className={styles.expand} aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? <ChevronDownIcon size={14} /> : <ChevronRightIcon size={14} />}
            {t(open ? 'hideProperties' : 'showProperties', { count: props.length })}
          </button>
        )}
        {open && (
          <dl className={styles.eventProps}>
            {props.map(([k, v]) => (
              <div key={k} className={styles.eventProp}>
                <dt>{k}</dt>
                <dd>{propertyText(v)}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </li>
  )
}
