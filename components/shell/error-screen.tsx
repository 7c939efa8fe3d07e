'use client'
// Global error page and per-route error-boundary fallback (seed 000 §2, §8): the component-library
// texts, a retry that reloads the page, and one report of the error with the route path.
import { useEffect } from 'react'
import { useTranslations } from 'next-intl'
import { EmptyState } from '@/components/ui/empty-state'
import { Button, LinkButton } from '@/components/ui/button'
import { WarningIcon } from '@/components/ui/icons'
import { reportClientError } from '@/lib/client/report-error'
import styles from './error-screen.module.css'

export interface ErrorScreenProps {
  routePath?: string
  error?: Error & { digest?: string }
}

export function ErrorScreen({ routePath, error }: ErrorScreenProps) {
  const t = useTranslations('library')
  const te = useTranslations('errorPage')

  useEffect(() => {
    if (error) reportClientError(error, routePath)
  }, [error, routePath])

  return (
    <div className={styles.screen} data-testid="error-screen">
      <div className={styles.panel}>
        <EmptyState
          headingLevel={1}
          image={<WarningIcon size={28} />}
          heading={t('errorTitle')}
          body={
            <>
              <p>{t('errorBody')}</p>
              {error?.digest && <p className={styles.reference}>{te('reference', { digest: error.digest })}</p>}
            </>
          }
          actions={
            <>
              <Button variant="primary" onClick={() => window.location.reload()}>
                {t('errorRetry')}
              </Button>
              <LinkButton href="/dashboard" variant="secondary">
                {te('dashboard')}
              </LinkButton>
            </>
          }
        />
      </div>
    </div>
  )
}
