'use client'
// /portfolio/cancel: end the portfolio. The accounts, their data and everyone's roles stay; only
// the grouping (and its metric mappings) goes.
import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { mutate } from 'swr'
import { useTranslations } from 'next-intl'
import { Button, LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { PortfolioFrame, withPortfolio } from './portfolio-frame'
import { PORTFOLIOS_URL, portfolioUrl, send, type PortfolioSummary } from './portfolio-api'
import styles from './portfolio.module.css'

function Cancel({ portfolio }: { portfolio: PortfolioSummary }) {
  const t = useTranslations('portfolio')
  const router = useRouter()
  const [state, setState] = useState<'idle' | 'working' | 'error'>('idle')
  async function confirm() {
    setState('working')
    try {
      await send.delete(portfolioUrl(portfolio.id))
      await mutate(PORTFOLIOS_URL)
      router.push('/portfolio/dashboard')
    } catch {
      setState('error')
    }
  }
  return (
    <div className={styles.form}>
      <p>{t('cancelBody', { name: portfolio.name })}</p>
      {state === 'error' && <Notification variant="error" title={t('actionFailed')} />}
      <div className={styles.row}>
        <LinkButton href={withPortfolio('/portfolio/billing', portfolio)}>{t('keepPortfolio')}</LinkButton>
        <Button variant="danger" disabled={state === 'working'} onClick={confirm}>
          {t('confirmCancel')}
        </Button>
      </div>
    </div>
  )
}

export function PortfolioCancelScreen({ portfolioId }: { portfolioId?: number }) {
  const t = useTranslations('portfolio')
  return (
    <PortfolioFrame portfolioId={portfolioId} title={t('cancelTitle')}>
      {(p) => <Cancel portfolio={p} />}
    </PortfolioFrame>
  )
}
