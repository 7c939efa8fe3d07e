'use client'
// The loading and error states the ops screens share.
import { useTranslations } from 'next-intl'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import styles from './ops.module.css'

export function LoadStates({ loading, error }: { loading: boolean; error: unknown }) {
  const t = useTranslations('deliverability')
  if (error) return <Notification variant="error">{t('loadError')}</Notification>
  if (loading)
    return (
      <div className={styles.centered}>
        <Spinner size="large" />
      </div>
    )
  return null
}
