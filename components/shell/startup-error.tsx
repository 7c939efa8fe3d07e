'use client'
// The start-up error screen (seed 000 §8 "Authorization failure"): the app could not start;
// "Try again" reloads the page.
import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import styles from './startup-error.module.css'

export type StartupErrorReason = 'authorization' | 'origin' | 'framed'

export function StartupError({ reason = 'authorization' }: { reason?: StartupErrorReason }) {
  const t = useTranslations('shell')
  const body =
    reason === 'origin' ? t('originErrorBody') : reason === 'framed' ? t('framedErrorBody') : t('startupErrorBody')
  return (
    <main className={styles.screen} data-testid="startup-error" data-reason={reason}>
      <div className={styles.panel} role="alert">
        <h1 className={styles.title}>{t('startupErrorTitle')}</h1>
        <p className={styles.body}>{body}</p>
        {reason === 'authorization' && (
          <Button variant="primary" onClick={() => window.location.reload()}>
            {t('retry')}
          </Button>
        )}
      </div>
    </main>
  )
}
