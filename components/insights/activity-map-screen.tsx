'use client'
// /activity-map: where the account's recent activity comes from, on an inline SVG world map
// (Natural Earth country shapes, lib/insights/world-map; no tile server): countries shaded by
// active profiles, dots where profiles have coordinates, and the same figures as a table.
import { useState } from 'react'
import { useFormatter, useLocale, useTranslations } from 'next-intl'
import { Card } from '@/components/ui/card'
import { Notification } from '@/components/ui/notification'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Select } from '@/components/ui/select'
import { Spinner } from '@/components/ui/spinner'
import COUNTRIES from '@/lib/insights/world-map/countries.json'
import { useInsight } from './insights-api'
import { ShareBars } from './share-bars'
import styles from './insights.module.css'

interface ActivityMap {
  days: number
  profiles: number
  countries: Array<{ code: string; profiles: number }>
  unknown: number
  dots: Array<{ lat: number; lon: number; profiles: number }>
}

const SHAPES = COUNTRIES as Array<{ code: string | null; name: string; d: string }>
const DAYS = [1, 7, 30, 90]

export function ActivityMapScreen() {
  const t = useTranslations('insights')
  const format = useFormatter()
  const [days, setDays] = useState(7)
  const { data, error, isLoading } = useInsight<ActivityMap>('/ajax/insights/activity-map', { days })
  const counts = new Map(data?.countries.map((c) => [c.code, c.profiles]) ?? [])
  const max = Math.max(1, ...counts.values())
  const locale = useLocale()
  const region = (code: string) => new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code
  const maxDot = Math.max(1, ...(data?.dots.map((d) => d.profiles) ?? []))

  return (
    <Page>
      <PageHead title={t('mapTitle')} description={t('mapDescription')} />
      <PageBody>
        <div className={styles.controls}>
          <Select
            label={t('mapPeriod')}
            name="map-days"
            value={String(days)}
            options={DAYS.map((d) => ({ value: String(d), label: t('lastDays', { count: d }) }))}
            onChange={(e) => setDays(Number(e.target.value))}
          />
        </div>
        {error && <Notification variant="error">{t('loadError')}</Notification>}
        {isLoading && !data && (
          <div className={styles.centered}>
            <Spinner size="large" />
          </div>
        )}
        {data && (
          <div className={styles.stack}>
            <p className={styles.muted}>{t('mapActive', { count: data.profiles })}</p>
            <Card>
              <svg
                viewBox="0 0 720 360"
                role="img"
                aria-label={t('mapLabel', { count: data.profiles })}
                style={{ width: '100%', height: 'auto', display: 'block' }}
                data-testid="activity-map"
              >
                <rect width="720" height="360" fill="var(--color-surface-muted)" />
                {SHAPES.map((c) => {
                  const n = (c.code && counts.get(c.code)) || 0
                  return (
                    <path
                      key={c.name}
                      d={c.d}
                      fill={
                        n
                          ? `color-mix(in srgb, var(--color-primary) ${Math.round(20 + (n / max) * 70)}%, var(--color-surface))`
                          : 'var(--color-surface)'
                      }
                      stroke="var(--color-border-strong)"
                      strokeWidth={0.4}
                    >
                      <title>{n ? `${c.name}: ${format.number(n)}` : c.name}</title>
                    </path>
                  )
                })}
                {data.dots.map((d, i) => (
                  <circle
                    key={i}
                    cx={(d.lon + 180) * 2}
                    cy={(90 - d.lat) * 2}
                    r={1.5 + 3 * Math.sqrt(d.profiles / maxDot)}
                    fill="var(--color-warning, #d97706)"
                    fillOpacity={0.7}
                  />
                ))}
              </svg>
              <p className={styles.tileMeta}>{t('mapSource')}</p>
            </Card>
            <Card title={t('audienceCountries')}>
              <ShareBars
                rows={data.countries
                  .slice(0, 15)
                  .map((c) => ({ key: c.code, label: region(c.code), value: c.profiles }))}
              />
              {data.unknown > 0 && <p className={styles.tileMeta}>{t('mapUnknown', { count: data.unknown })}</p>}
            </Card>
          </div>
        )}
      </PageBody>
    </Page>
  )
}
