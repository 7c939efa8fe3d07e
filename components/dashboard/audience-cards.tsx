// The dashboard's audience cards: new profiles (last 7 days against the 7 before, with a 14-day
// sparkline), events today and the top metrics of the last 30 days, all in the company's time
// zone. Each part shows only with its permission (profile_read, metrics_read); nothing is sample data.
import Link from 'next/link'
import { getFormatter, getTranslations } from 'next-intl/server'
import { getCurrentPrincipal } from '@/lib/server/current-principal'
import { getAudienceSummary, type AudienceSummary } from '@/lib/profile-view/get-audience-summary'
import { metricPath } from '@/lib/profile-view/slug'
import { trendOf } from '@/lib/profile-view/trend'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import styles from './audience-cards.module.css'

export async function AudienceCards() {
  const p = await getCurrentPrincipal()
  if (!p) return null
  const access = { profiles: p.resources.has('profile_read'), metrics: p.resources.has('metrics_read') }
  if (!access.profiles && !access.metrics) return null
  const summary = await getAudienceSummary(p.companyId, p.company.timezone, access)
  return (
    <>
      {summary.newProfiles && <NewProfilesCard summary={summary} />}
      {summary.eventsToday !== null && <EventsTodayCard count={summary.eventsToday} />}
      {summary.topMetrics && <TopMetricsCard metrics={summary.topMetrics} />}
    </>
  )
}

async function NewProfilesCard({ summary }: { summary: AudienceSummary }) {
  const t = await getTranslations('audienceCards')
  const format = await getFormatter()
  const np = summary.newProfiles!
  const trend = trendOf(np.last7Days, np.previous7Days)
  const max = Math.max(1, ...np.daily.map((d) => d.count))
  const pct =
    trend.ratio === null ? null : format.number(Math.abs(trend.ratio), { style: 'percent', maximumFractionDigits: 1 })
  const trendText =
    trend.kind === 'flat'
      ? t('trendFlat')
      : pct === null
        ? t('trendFromZero')
        : t(trend.kind === 'up' ? 'trendUp' : 'trendDown', { pct })
  return (
    <Card title={t('newProfilesTitle')}>
      <div data-testid="card-new-profiles">
        <div className={styles.figureRow}>
          <span className={styles.figure}>{format.number(np.last7Days)}</span>
          <Badge variant={trend.kind === 'up' ? 'success' : trend.kind === 'down' ? 'danger' : 'neutral'}>
            <span aria-hidden="true">{trend.kind === 'up' ? '▲' : trend.kind === 'down' ? '▼' : '●'}</span> {trendText}
          </Badge>
        </div>
        <p className={styles.caption}>{t('newProfilesCaption', { previous: format.number(np.previous7Days) })}</p>
        <svg
          className={styles.spark}
          viewBox="0 0 140 32"
          preserveAspectRatio="none"
          role="img"
          aria-label={t('sparkLabel', { days: np.daily.map((d) => `${d.date}: ${d.count}`).join(', ') })}
        >
          {np.daily.map((d, i) => {
            const h = Math.max(1.5, (d.count / max) * 30)
            return (
              <rect
                key={d.date}
                x={i * 10 + 1}
                y={32 - h}
                width={8}
                height={h}
                rx={1.5}
                className={i >= 7 ? styles.barCurrent : styles.barPrevious}
              />
            )
          })}
        </svg>
        {summary.totalProfiles === 0 ? (
          <p className={styles.caption}>{t('noProfilesYet')}</p>
        ) : (
          summary.totalProfiles !== null && (
            <p className={styles.caption}>{t('totalProfiles', { count: summary.totalProfiles })}</p>
          )
        )}
      </div>
    </Card>
  )
}

async function EventsTodayCard({ count }: { count: number }) {
  const t = await getTranslations('audienceCards')
  const format = await getFormatter()
  return (
    <Card title={t('eventsTodayTitle')}>
      <div data-testid="card-events-today">
        <span className={styles.figure}>{format.number(count)}</span>
        <p className={styles.caption}>{count === 0 ? t('eventsTodayEmpty') : t('eventsTodayCaption')}</p>
        <Link className={styles.more} href="/analytics/metrics">
          {t('allMetricsLink')}
        </Link>
      </div>
    </Card>
  )
}

async function TopMetricsCard({ metrics }: { metrics: AudienceSummary['topMetrics'] & object }) {
  const t = await getTranslations('audienceCards')
  const format = await getFormatter()
  const max = Math.max(1, ...metrics.map((m) => m.count))
  return (
    <Card title={t('topMetricsTitle')}>
      <div data-testid="card-top-metrics">
        {metrics.length === 0 ? (
          <div className={styles.empty}>
            <p className={styles.emptyTitle}>{t('topMetricsEmptyTitle')}</p>
            <p className={styles.caption}>{t('topMetricsEmptyBody')}</p>
          </div>
        ) : (
          <ol className={styles.metricList}>
            {metrics.map((m) => (
              <li key={m.id}>
                <div className={styles.metricLine}>
                  <Link href={metricPath(m.id, m.name)}>{m.name}</Link>
                  <span className={styles.metricCount}>{format.number(m.count)}</span>
                </div>
                <span className={styles.meter} aria-hidden="true">
                  <span style={{ width: `${(m.count / max) * 100}%` }} />
                </span>
              </li>
            ))}
          </ol>
        )}
        <p className={styles.caption}>{t('topMetricsCaption')}</p>
      </div>
    </Card>
  )
}
