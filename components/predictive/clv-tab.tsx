'use client'
// /predictive-models/clv: the latest fit of the account's models, its eligibility problems when
// it could not be fitted, the distribution of predicted CLV, the holdout check and the
// one-click segments. "Refit now" queues a refit and polls until a newer fit is written.
import { useState } from 'react'
import { useFormatter, useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { ChartIcon } from '@/components/ui/icons'
import { ClvHistogram } from './clv-histogram'
import { HoldoutChart } from './holdout-chart'
import { QuickSegments } from './quick-segments'
import { requestRefit, useClvOverview } from './predictive-api'
import styles from './predictive.module.css'

export function ClvTab({ currency }: { currency: string }) {
  const t = useTranslations('predictive')
  const format = useFormatter()
  // The id of the fit shown when "Refit now" was pressed: polling stops once a newer one is in.
  const [waitingAfter, setWaitingAfter] = useState<number | null | undefined>(undefined)
  const [refitError, setRefitError] = useState(false)
  const { data, error, isLoading } = useClvOverview(waitingAfter !== undefined)
  const latestId = data?.fit?.id ?? null
  if (waitingAfter !== undefined && latestId !== waitingAfter && data) setWaitingAfter(undefined)
  const refitting = waitingAfter !== undefined
  const money = (v: number) => format.number(v, { style: 'currency', currency, maximumFractionDigits: 0 })

  async function refit() {
    setRefitError(false)
    setWaitingAfter(latestId)
    try {
      await requestRefit()
    } catch {
      setRefitError(true)
      setWaitingAfter(undefined)
    }
  }

  const refitButton = (
    <Button onClick={refit} loading={refitting} disabled={refitting} data-testid="refit-now">
      {refitting ? t('refitting') : t('refitNow')}
    </Button>
  )
  const fit = data?.fit

  return (
    <div className={styles.stack}>
      <p className={styles.muted}>{t('clvIntro')}</p>
      {refitError && <Notification variant="error">{t('refitError')}</Notification>}
      {error && <Notification variant="error">{t('loadError')}</Notification>}
      {isLoading && !data && (
        <div className={styles.centered}>
          <Spinner size="large" />
        </div>
      )}
      {data && !fit && (
        <EmptyState
          image={<ChartIcon size={28} />}
          heading={t('noFitTitle')}
          body={t('noFitBody')}
          actions={refitButton}
        />
      )}
      {fit && fit.status !== 'fitted' && (
        <Notification variant="warning">
          <strong>{fit.status === 'failed' ? t('failedTitle') : t('ineligibleTitle')}</strong>
          <ul className={styles.reasons} data-testid="eligibility-problems">
            {fit.status === 'failed' ? (
              <li>{t('failedBody')}</li>
            ) : (
              fit.reasons.map((r) => (
                <li key={r.code}>{t(`reason.${r.code}`, { required: r.required, actual: r.actual })}</li>
              ))
            )}
          </ul>
        </Notification>
      )}
      {fit && data && (
        <div className={styles.grid}>
          <section className={styles.tile}>
            <h3 className={styles.tileTitle}>{t('customersScored')}</h3>
            <p className={styles.figure} data-testid="customers-scored">
              {format.number(data.customers)}
            </p>
          </section>
          <section className={styles.tile}>
            <h3 className={styles.tileTitle}>{t('averagePredictedClv')}</h3>
            <p className={styles.figure}>{money(data.averagePredictedClv)}</p>
          </section>
          <section className={styles.tile}>
            <h3 className={styles.tileTitle}>{t('likelyToChurn')}</h3>
            <p className={styles.figure}>{format.number(data.likelyToChurn)}</p>
            <p className={styles.tileMeta}>{t('likelyToChurnRule', { share: data.likelyToChurnThreshold })}</p>
          </section>
          <section className={styles.tile}>
            <h3 className={styles.tileTitle}>{t('lastFit')}</h3>
            <p className={styles.tileMeta}>
              {fit.fittedAt
                ? format.dateTime(new Date(fit.fittedAt), { dateStyle: 'medium', timeStyle: 'short' })
                : '—'}
            </p>
            <div className={styles.tileAction}>{refitButton}</div>
          </section>
        </div>
      )}
      {data && fit?.status === 'fitted' && data.customers > 0 && (
        <>
          <Card title={t('histogramTitle')}>
            <ClvHistogram buckets={data.histogram} money={money} label={t('histogramLabel')} />
          </Card>
          <Card title={t('holdoutTitle')}>
            {fit.holdout.byRepeatOrders?.length ? (
              <>
                <p className={styles.muted}>
                  {t('holdoutSummary', {
                    days: fit.holdout.holdoutDays ?? 0,
                    predicted: format.number(fit.holdout.predicted ?? 0, { maximumFractionDigits: 0 }),
                    actual: format.number(fit.holdout.actual ?? 0),
                  })}
                </p>
                <HoldoutChart groups={fit.holdout.byRepeatOrders} />
              </>
            ) : (
              <p className={styles.muted}>{t('holdoutNone')}</p>
            )}
          </Card>
          <QuickSegments
            highClvThreshold={data.highClvThreshold}
            churnThreshold={data.likelyToChurnThreshold}
            money={money}
          />
        </>
      )}
    </div>
  )
}
