'use client'
// The audience tab: profiles and customers, new profiles per month, engagement tiers, top
// countries, and the predicted CLV distribution once predictions exist.
import { useFormatter, useTranslations } from 'next-intl'
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { Card } from '@/components/ui/card'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { useInsight, type AudienceResult } from './insights-api'
import { ShareBars } from './share-bars'
import styles from './insights.module.css'

export function AudienceTab({ currency }: { currency: string }) {
  const t = useTranslations('insights')
  const format = useFormatter()
  const { data, error, isLoading } = useInsight<AudienceResult>('/ajax/insights/audience')
  const month = (m: string) =>
    format.dateTime(new Date(`${m}-01T00:00:00Z`), { month: 'short', year: '2-digit', timeZone: 'UTC' })
  const money = (v: number) => format.number(v, { style: 'currency', currency, maximumFractionDigits: 0 })

  if (error) return <Notification variant="error">{t('loadError')}</Notification>
  if (isLoading || !data)
    return (
      <div className={styles.centered}>
        <Spinner size="large" />
      </div>
    )
  return (
    <div className={styles.stack}>
      <div className={styles.grid}>
        <section className={styles.tile}>
          <h3 className={styles.tileTitle}>{t('audienceProfiles')}</h3>
          <p className={styles.figure}>{format.number(data.profiles)}</p>
        </section>
        <section className={styles.tile}>
          <h3 className={styles.tileTitle}>{t('audienceCustomers')}</h3>
          <p className={styles.figure}>{format.number(data.customers)}</p>
          <p className={styles.tileMeta}>
            {t('audienceCustomerShare', { share: data.profiles ? data.customers / data.profiles : 0 })}
          </p>
        </section>
      </div>
      <Card title={t('audienceGrowth')}>
        <div role="img" aria-label={t('audienceGrowth')}>
          <ResponsiveContainer width="100%" height={240}>
            <BarChart data={data.growth.map((g) => ({ month: month(g.month), profiles: g.profiles }))}>
              <CartesianGrid vertical={false} stroke="var(--color-border)" />
              <XAxis dataKey="month" tick={{ fontSize: 12 }} />
              <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={48} />
              <Tooltip formatter={(v) => format.number(Number(v))} />
              <Bar dataKey="profiles" name={t('audienceNewProfiles')} fill="var(--color-primary)" />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </Card>
      <Card title={t('audienceEngagement')}>
        <ShareBars
          rows={data.engagement.map((e) => ({ key: e.tier, label: t(`tier.${e.tier}`), value: e.profiles }))}
        />
      </Card>
      <Card title={t('audienceCountries')}>
        {data.countries.length === 0 ? (
          <p className={styles.muted}>{t('audienceNoCountries')}</p>
        ) : (
          <ShareBars rows={data.countries.map((c) => ({ key: c.country, label: c.country, value: c.profiles }))} />
        )}
      </Card>
      {data.predictedClv && (
        <Card title={t('audienceClv')}>
          <ShareBars
            rows={data.predictedClv.map((b) => ({
              key: String(b.min),
              label:
                b.max == null
                  ? t('clvFrom', { min: money(b.min) })
                  : t('clvRange', { min: money(b.min), max: money(b.max) }),
              value: b.profiles,
            }))}
          />
        </Card>
      )}
    </div>
  )
}
