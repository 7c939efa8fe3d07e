'use client'
// /cdp/intelligence (no tab or an unknown one): a card per insight — RFM, predicted CLV, the
// purchase funnel, the audience, product insights — with its live headline and a link to it.
// A card whose data is not there yet says what it needs instead of showing zeros.
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import type { IntelligenceOverviewResponse } from '@/lib/insights/get-intelligence-overview'
import styles from './intelligence-hub.module.css'

type CardData = IntelligenceOverviewResponse['cards'][number]

function Headline({ card, currency }: { card: CardData; currency: string }) {
  const t = useTranslations('dataPlatform')
  const format = useFormatter()
  const f = card.figures
  const n = (k: string) => format.number(Number(f[k] ?? 0))
  if (!card.ready) return <p className={styles.muted}>{t(`intelligence.empty.${card.key}`)}</p>
  switch (card.key) {
    case 'rfm':
      return (
        <>
          <p className={styles.figure}>{n('customers')}</p>
          <p className={styles.muted}>{t('intelligence.rfmLine', { champions: Number(f.champions ?? 0) })}</p>
        </>
      )
    case 'clv':
      return (
        <>
          <p className={styles.figure}>
            {format.number(Number(f.averagePredictedClv ?? 0), { style: 'currency', currency })}
          </p>
          <p className={styles.muted}>{t('intelligence.clvLine', { churn: Number(f.likelyToChurn ?? 0) })}</p>
        </>
      )
    case 'funnel':
      return (
        <>
          <p className={styles.figure}>
            {format.number(Number(f.conversion ?? 0), { style: 'percent', maximumFractionDigits: 1 })}
          </p>
          <p className={styles.muted}>
            {t('intelligence.funnelLine', { entered: Number(f.entered ?? 0), converted: Number(f.converted ?? 0) })}
          </p>
        </>
      )
    case 'audience':
      return (
        <>
          <p className={styles.figure}>{n('profiles')}</p>
          <p className={styles.muted}>{t('intelligence.audienceLine', { customers: Number(f.customers ?? 0) })}</p>
        </>
      )
    default:
      return (
        <>
          <p className={styles.figureText}>{String(f.topProduct ?? '')}</p>
          <p className={styles.muted}>
            {t('intelligence.productLine', {
              orders: Number(f.orders ?? 0),
              revenue: format.number(Number(f.revenue ?? 0), { style: 'currency', currency, maximumFractionDigits: 0 }),
            })}
          </p>
        </>
      )
  }
}

export function IntelligenceHubScreen() {
  const t = useTranslations('dataPlatform')
  const { data, error, mutate } = useSWR('/ajax/insights/intelligence', (u: string) =>
    http.get<IntelligenceOverviewResponse>(u).then((r) => r.data),
  )
  return (
    <Page>
      <PageHead title={t('intelligence.title')} description={t('intelligence.description')} />
      <PageBody>
        <div className={styles.stack}>
          {error && (
            <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
              {t('loadError')}
            </Notification>
          )}
          {!data && !error && (
            <div className={styles.loading}>
              <Spinner size="large" label={t('loading')} />
            </div>
          )}
          {data && (
            <div className={styles.cards} data-testid="intelligence-cards">
              {data.cards.map((c) => (
                <Card key={c.key} title={t(`intelligence.card.${c.key}`)}>
                  <div className={styles.body}>
                    <Headline card={c} currency={data.currency} />
                    <p className={styles.muted}>{t(`intelligence.about.${c.key}`, { days: data.days })}</p>
                    {/* At the foot of every card, so the cards' headings line up whatever their length. */}
                    <div className={styles.open}>
                      <LinkButton href={c.href}>{t('intelligence.open')}</LinkButton>
                    </div>
                  </div>
                </Card>
              ))}
            </div>
          )}
        </div>
      </PageBody>
    </Page>
  )
}
