'use client'
// The frame every get-started guide shares: its title and intro, a back link to the guides,
// and the loading and error states of the data it reads.
import type { ReactNode } from 'react'
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Spinner } from '@/components/ui/spinner'
import { Notification } from '@/components/ui/notification'
import styles from '@/components/onboarding/onboarding.module.css'

export function GuideFrame({
  title,
  description,
  loading = false,
  error = false,
  onRetry,
  children,
}: {
  title: string
  description?: string
  loading?: boolean
  error?: boolean
  onRetry?: () => void
  children?: ReactNode
}) {
  const t = useTranslations('getStartedGuides')
  const tc = useTranslations('common')
  return (
    <Page>
      <div className={styles.wizard}>
        <Link href="/get-started">{t('allGuides')}</Link>
        <PageHead title={title} description={description} />
        <PageBody>
          {error ? (
            <Notification variant="error" action={onRetry ? { label: tc('retry'), onClick: onRetry } : undefined}>
              {t('loadError')}
            </Notification>
          ) : loading ? (
            <div className={styles.loading}>
              <Spinner size="large" />
            </div>
          ) : (
            <div className={styles.form}>{children}</div>
          )}
        </PageBody>
      </div>
    </Page>
  )
}
