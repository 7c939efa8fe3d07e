// /campaigns/smartsendtime: how smart send time picks each person's hour — the account's human
// opens and clicks by weekday and hour (each in the person's own zone), its best hour, and how
// many people have an hour of their own; with what happens before there is enough engagement.
import Link from 'next/link'
import { getFormatter, getTranslations } from 'next-intl/server'
import { getCurrentPrincipal } from '@/lib/server/current-principal'
import { getSmartSendOverview } from '@/lib/campaigns/reports/smart-send-overview'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Notification } from '@/components/ui/notification'
import cards from '@/components/dashboard/audience-cards.module.css'
import styles from './smart-send-time.module.css'

const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`

export async function SmartSendTimeScreen() {
  const p = await getCurrentPrincipal()
  if (!p) return null
  const [o, t, format] = await Promise.all([
    getSmartSendOverview(p.companyId, p.company.timezone),
    getTranslations('smartSendTime'),
    getFormatter(),
  ])
  const max = Math.max(1, ...o.grid.flat())
  const days = [0, 1, 2, 3, 4, 5, 6].map((d) =>
    format.dateTime(new Date(Date.UTC(2024, 0, 1 + d)), { weekday: 'short', timeZone: 'UTC' }),
  )
  const top = o.byHour
    .map((n, h) => ({ h, n }))
    .filter((x) => x.n > 0)
    .sort((a, b) => b.n - a.n)
    .slice(0, 3)
  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} />
      <PageBody>
        <div className={styles.figures}>
          <Card title={t('accountHour')}>
            <span className={cards.figure} data-testid="account-hour">
              {o.accountHour === null ? '—' : `${hourLabel(o.accountHour)}–${hourLabel((o.accountHour + 1) % 24)}`}
            </span>
            <p className={cards.caption}>
              {o.accountHour === null
                ? t('notEnough', { min: o.minAccountEngagements, hour: hourLabel(o.defaultHour) })
                : t('accountHourCaption')}
            </p>
          </Card>
          <Card title={t('ownHours')}>
            <span className={cards.figure}>{format.number(o.profilesWithOwnHour)}</span>
            <p className={cards.caption}>
              {t('ownHoursCaption', { profiles: format.number(o.profiles), min: o.minProfileEngagements })}
            </p>
          </Card>
          <Card title={t('engagements')}>
            <span className={cards.figure}>{format.number(o.engagements)}</span>
            <p className={cards.caption}>{t('engagementsCaption', { days: o.lookbackDays })}</p>
          </Card>
        </div>
        <Card title={t('heatmapTitle')}>
          {o.engagements === 0 ? (
            <p className={cards.caption}>{t('empty')}</p>
          ) : (
            <>
              <div className={styles.heatmap} role="table" aria-label={t('heatmapTitle')}>
                <div role="row" className={styles.row}>
                  <span role="columnheader" className={styles.corner} />
                  {Array.from({ length: 24 }, (_, h) => (
                    <span key={h} role="columnheader" className={styles.hour}>
                      {h % 3 === 0 ? String(h).padStart(2, '0') : ''}
                    </span>
                  ))}
                </div>
                {o.grid.map((row, d) => (
                  <div role="row" key={d} className={styles.row}>
                    <span role="rowheader" className={styles.day}>
                      {days[d]}
                    </span>
                    {row.map((n, h) => (
                      <span
                        key={h}
                        role="cell"
                        className={styles.cell}
                        title={t('cellTitle', { day: days[d]!, hour: hourLabel(h), count: n })}
                        style={{ opacity: n === 0 ? 0.06 : 0.2 + 0.8 * (n / max) }}
                        aria-label={t('cellTitle', { day: days[d]!, hour: hourLabel(h), count: n })}
                      />
                    ))}
                  </div>
                ))}
              </div>
              {top.length > 0 && (
                <p className={cards.caption}>
                  {t('topHours', { hours: top.map((x) => `${hourLabel(x.h)} (${format.number(x.n)})`).join(', ') })}
                </p>
              )}
            </>
          )}
        </Card>
        <div className={styles.note}>
          <Notification variant="info">
            {t('howItWorks', { min: o.minProfileEngagements, days: o.lookbackDays })}
          </Notification>
        </div>
        <p className={cards.caption}>
          <Link href="/campaigns/list">{t('backToCampaigns')}</Link>
        </p>
      </PageBody>
    </Page>
  )
}
