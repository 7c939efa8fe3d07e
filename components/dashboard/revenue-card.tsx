// The dashboard's revenue card: what flows and campaigns earned in the last 30 days (attributed
// conversions, by the rules of /settings/attribution) against the 30 days before, per day, the
// share of all conversion value, and the flows and campaigns that earned most. Shown to those who
// may read flows or campaigns; an account with no attributed revenue yet says how it starts.
import Link from 'next/link'
import { getFormatter, getTranslations } from 'next-intl/server'
import { getCurrentPrincipal } from '@/lib/server/current-principal'
import { getRevenueSummary } from '@/lib/reporting/dashboard-revenue'
import { trendOf } from '@/lib/profile-view/trend'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import styles from './audience-cards.module.css'
import own from './revenue-card.module.css'

export async function RevenueCard() {
  const p = await getCurrentPrincipal()
  if (!p || !(p.resources.has('flows_read') || p.resources.has('campaigns_read'))) return null
  const [s, t, format] = await Promise.all([
    getRevenueSummary(p.companyId, p.company.timezone),
    getTranslations('revenueCard'),
    getFormatter(),
  ])
  const money = (v: number) =>
    format.number(v, { style: 'currency', currency: s.currency, maximumFractionDigits: v >= 1000 ? 0 : 2 })
  const trend = trendOf(s.last30.total, s.previous30)
  const pct =
    trend.ratio === null ? null : format.number(Math.abs(trend.ratio), { style: 'percent', maximumFractionDigits: 1 })
  const trendText =
    trend.kind === 'flat'
      ? t('trendFlat')
      : pct === null
        ? t('trendFromZero')
        : t(trend.kind === 'up' ? 'trendUp' : 'trendDown', { pct })
  const max = Math.max(1, ...s.daily.map((d) => d.flows + d.campaigns))
  const share =
    s.conversionValue > 0
      ? format.number(Math.min(1, s.last30.total / s.conversionValue), { style: 'percent', maximumFractionDigits: 0 })
      : null
  return (
    <Card title={t('title')}>
      <div data-testid="card-revenue">
        <div className={styles.figureRow}>
          <span className={styles.figure}>{money(s.last30.total)}</span>
          {(s.last30.total > 0 || s.previous30 > 0) && (
            <Badge variant={trend.kind === 'up' ? 'success' : trend.kind === 'down' ? 'danger' : 'neutral'}>
              <span aria-hidden="true">{trend.kind === 'up' ? '▲' : trend.kind === 'down' ? '▼' : '●'}</span>{' '}
              {trendText}
            </Badge>
          )}
        </div>
        <p className={styles.caption}>{t('caption', { previous: money(s.previous30) })}</p>
        {s.last30.total === 0 ? (
          <p className={styles.caption}>{t('empty')}</p>
        ) : (
          <>
            <dl className={own.split}>
              <div>
                <dt>
                  <span className={own.keyFlows} aria-hidden="true" />
                  {t('flows')}
                </dt>
                <dd>{money(s.last30.flows)}</dd>
              </div>
              <div>
                <dt>
                  <span className={own.keyCampaigns} aria-hidden="true" />
                  {t('campaigns')}
                </dt>
                <dd>{money(s.last30.campaigns)}</dd>
              </div>
            </dl>
            <svg
              className={styles.spark}
              viewBox="0 0 300 32"
              preserveAspectRatio="none"
              role="img"
              aria-label={t('sparkLabel', {
                days: s.daily.map((d) => `${d.date}: ${money(d.flows + d.campaigns)}`).join(', '),
              })}
            >
              {s.daily.map((d, i) => {
                const hf = (d.flows / max) * 30
                const hc = (d.campaigns / max) * 30
                return (
                  <g key={d.date}>
                    {hf > 0 && <rect x={i * 10 + 1} y={32 - hf} width={8} height={hf} className={own.barFlows} />}
                    {hc > 0 && (
                      <rect x={i * 10 + 1} y={32 - hf - hc} width={8} height={hc} className={own.barCampaigns} />
                    )}
                  </g>
                )
              })}
            </svg>
            {share && <p className={styles.caption}>{t('share', { share, total: money(s.conversionValue) })}</p>}
            {s.top.length > 0 && (
              <ul className={styles.metricList} aria-label={t('topLabel')}>
                {s.top.map((x) => (
                  <li key={`${x.kind}:${x.id}`} className={styles.metricLine}>
                    <Link
                      href={
                        x.kind === 'flow'
                          ? `/flow/${encodeURIComponent(x.id)}/edit`
                          : `/campaign/${encodeURIComponent(x.id)}/reports/overview`
                      }
                    >
                      {x.name} <span className={own.kind}>{t(x.kind === 'flow' ? 'kindFlow' : 'kindCampaign')}</span>
                    </Link>
                    <span className={styles.metricCount}>{money(x.value)}</span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
        <p className={own.links}>
          <Link className={styles.more} href="/dashboard/performance">
            {t('seePerformance')}
          </Link>
          <Link className={styles.more} href="/settings/attribution">
            {t('howAttributed')}
          </Link>
        </p>
      </div>
    </Card>
  )
}
