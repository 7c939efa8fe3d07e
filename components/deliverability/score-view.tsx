'use client'
// /analytics/deliverability/email/score: the score of the last 30 days, how it is computed
// (lib/deliverability/thresholds.ts), and each rate's share of it.
import { useTranslations } from 'next-intl'
import { Card } from '@/components/ui/card'
import { THRESHOLDS, SCORE_WEIGHTS, type RateName } from '@/lib/deliverability/thresholds'
import type { EmailDeliverabilityResponse } from '@/app/ajax/deliverability/email/route'
import { useOps, pct } from './ops-api'
import { LoadStates } from './load-states'
import { AdviceList } from './advice-list'
import { Tile } from './email-overview'
import styles from './ops.module.css'

export function ScoreView() {
  const t = useTranslations('deliverability')
  const { data, error, isLoading } = useOps<EmailDeliverabilityResponse>('/ajax/deliverability/email')
  if (!data) return <LoadStates loading={isLoading} error={error} />
  return (
    <div className={styles.stack}>
      <div className={styles.grid}>
        <Tile label={t('score')} value={data.score === null ? '–' : `${data.score} / 100`} />
        <Tile label={t('colSent')} value={String(data.total.sent)} />
      </div>
      {data.score === null && <p className={styles.note}>{t('scoreNoSends')}</p>}
      <Card title={t('scoreHowTitle')}>
        <p className={styles.note}>{t('scoreHow')}</p>
        <ul className={styles.list}>
          {(Object.keys(SCORE_WEIGHTS) as RateName[]).map((r) => (
            <li key={r}>
              {t('scoreLine', {
                rate: t(`rate.${r}`),
                points: SCORE_WEIGHTS[r],
                warning: pct(THRESHOLDS[r].warning, 1),
                critical: pct(THRESHOLDS[r].critical, 1),
              })}
            </li>
          ))}
        </ul>
      </Card>
      <Card title={t('adviceTitle')}>
        <AdviceList advice={data.advice} />
      </Card>
    </div>
  )
}
