'use client'
// The profile page's predictive analytics card (issue 23 §3): CLV, orders, churn risk and the
// expected date of the next order from the account's last refit; a short note when the profile
// has no prediction (no orders yet, or the account is not eligible).
import Link from 'next/link'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { Card } from '@/components/ui/card'
import { http } from '@/lib/client/http'
import type { PredictiveAnalytics } from '@/lib/profiles/predictive-analytics'
import styles from './predictive.module.css'

type Response = { prediction: PredictiveAnalytics | null; currency: string }

export function ProfilePredictiveCard({ profileId, timeZone }: { profileId: string; timeZone: string }) {
  const t = useTranslations('predictive')
  const format = useFormatter()
  const url = `/ajax/predictive/profile/${encodeURIComponent(profileId)}`
  const { data, error } = useSWR(url, () => http.get<Response>(url, { transformKeys: false }).then((r) => r.data))
  const p = data?.prediction
  const money = (v: number | null) =>
    v === null ? '—' : format.number(v, { style: 'currency', currency: data!.currency, maximumFractionDigits: 2 })
  const num = (v: number | null, digits = 1) => (v === null ? '—' : format.number(v, { maximumFractionDigits: digits }))
  return (
    <Card title={t('cardTitle')}>
      {error && <p className={styles.muted}>{t('loadError')}</p>}
      {data && !p && (
        <p className={styles.muted}>
          {t('cardNone')} <Link href="/predictive-models/clv">{t('cardModelLink')}</Link>
        </p>
      )}
      {p && (
        <dl className={styles.facts} data-testid="profile-predictive">
          <dt>{t('field.historic_clv')}</dt>
          <dd>{money(p.historic_clv)}</dd>
          <dt>{t('field.predicted_clv')}</dt>
          <dd>{money(p.predicted_clv)}</dd>
          <dt>{t('field.total_clv')}</dt>
          <dd>{money(p.total_clv)}</dd>
          <dt>{t('field.historic_number_of_orders')}</dt>
          <dd>{num(p.historic_number_of_orders, 0)}</dd>
          <dt>{t('field.predicted_number_of_orders')}</dt>
          <dd>{num(p.predicted_number_of_orders, 2)}</dd>
          <dt>{t('field.average_order_value')}</dt>
          <dd>{money(p.average_order_value)}</dd>
          <dt>{t('field.average_days_between_orders')}</dt>
          <dd>{num(p.average_days_between_orders, 0)}</dd>
          <dt>{t('field.churn_probability')}</dt>
          <dd>{p.churn_probability === null ? '—' : format.number(p.churn_probability, { style: 'percent' })}</dd>
          <dt>{t('field.expected_date_of_next_order')}</dt>
          <dd>
            {p.expected_date_of_next_order
              ? format.dateTime(new Date(p.expected_date_of_next_order), { dateStyle: 'medium', timeZone })
              : '—'}
          </dd>
        </dl>
      )}
    </Card>
  )
}
