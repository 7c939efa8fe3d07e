// /token-error: a reset link that is unknown, used or expired.
import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { LinkButton } from '@/components/ui/button'
import { ErrorIcon } from '@/components/ui/icons'
import { AuthCard } from './auth-card'
import styles from './auth.module.css'

export async function TokenErrorScreen() {
  const t = await getTranslations('tokenError')
  return (
    <AuthCard
      icon={<ErrorIcon size={24} />}
      iconTone="danger"
      title={t('title')}
      subtitle={t('body')}
      footer={
        <Link className={styles.link} href="/login">
          {t('backToLogin')}
        </Link>
      }
    >
      <div className={styles.actions}>
        <LinkButton href="/account/password-reset" variant="primary">
          {t('requestNew')}
        </LinkButton>
      </div>
    </AuthCard>
  )
}
