// The sign-up confirmation link: a valid link confirms the address (again on a second click).
import { getTranslations } from 'next-intl/server'
import { LinkButton } from '@/components/ui/button'
import { ErrorIcon, SuccessIcon } from '@/components/ui/icons'
import { AuthCard } from './auth-card'
import styles from './auth.module.css'

export async function ConfirmEmailScreen({ confirmed }: { confirmed: boolean }) {
  const t = await getTranslations('emailConfirm')
  return confirmed ? (
    <AuthCard
      icon={<SuccessIcon size={24} />}
      iconTone="success"
      title={t('confirmedTitle')}
      subtitle={t('confirmedBody')}
    >
      <div className={styles.actions}>
        {/* A confirmed sign-up is a new account: after sign-in, its setup wizard (issue 26 §2). */}
        <LinkButton href={`/login?next=${encodeURIComponent('/account-setup')}`} variant="primary">
          {t('signIn')}
        </LinkButton>
      </div>
    </AuthCard>
  ) : (
    <AuthCard icon={<ErrorIcon size={24} />} iconTone="danger" title={t('invalidTitle')} subtitle={t('invalidBody')}>
      <div className={styles.actions}>
        <LinkButton href="/login" variant="primary">
          {t('signIn')}
        </LinkButton>
      </div>
    </AuthCard>
  )
}
