'use client'
// A curated dashboard (email performance, the SMS dashboard): fixed cards, each computed from
// its spec for this account, with the same card bodies as a custom dashboard.
import { useTranslations } from 'next-intl'
import { Card } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { Notification } from '@/components/ui/notification'
import { useAnalytics, type CardSpecInput } from './analytics-api'
import { CardBody } from './card-view'
import styles from './analytics.module.css'

const SPAN = ['', styles.span1, styles.span2, styles.span3, styles.span4]

export function CuratedDashboard({ name, currency }: { name: 'email' | 'sms'; currency: string }) {
  const t = useTranslations('analytics')
  const { data, error } = useAnalytics<{ cards: CardSpecInput[] }>(`/ajax/analytics/curated/${name}`)
  if (error) return <Notification variant="error">{t('loadError')}</Notification>
  if (!data)
    return (
      <div className={styles.centered}>
        <Spinner size="large" />
      </div>
    )
  return (
    <ol className={styles.grid} aria-label={t('cardsLabel')}>
      {data.cards.map((c, i) => (
        <li key={i} className={SPAN[c.width ?? 1]}>
          <Card title={c.title}>
            <CardBody spec={c} currency={currency} />
          </Card>
        </li>
      ))}
    </ol>
  )
}
