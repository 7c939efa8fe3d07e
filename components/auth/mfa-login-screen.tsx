// /login-mfa (authenticator code) and /login-mfa-backup (one backup code).
import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { ShieldIcon } from '@/components/ui/icons'
import { safeNextPath } from '@/lib/routes/access'
import { AuthCard } from './auth-card'
import { MfaCodeForm } from './mfa-code-form'
import styles from './auth.module.css'

export async function MfaLoginScreen({ mode, next }: { mode: 'code' | 'backup'; next: string | null }) {
  const t = await getTranslations('mfa')
  const nextPath = safeNextPath(next)
  const keep = next ? `?next=${encodeURIComponent(nextPath)}` : ''
  return (
    <AuthCard
      icon={<ShieldIcon size={24} />}
      title={mode === 'code' ? t('loginTitle') : t('backupTitle')}
      subtitle={mode === 'code' ? t('loginSubtitle') : t('backupSubtitle')}
      footer={
        <>
          {mode === 'code' ? (
            <Link className={styles.link} href={`/login-mfa-backup${keep}`}>
              {t('useBackup')}
            </Link>
          ) : (
            <Link className={styles.link} href={`/login-mfa${keep}`}>
              {t('useApp')}
            </Link>
          )}
          {' · '}
          <Link className={styles.link} href="/mfa-reset-details">
            {t('lostDevice')}
          </Link>
        </>
      }
    >
      <MfaCodeForm mode={mode} nextPath={nextPath} />
    </AuthCard>
  )
}

export async function MfaResetDetailsScreen() {
  const t = await getTranslations('mfa')
  return (
    <AuthCard
      icon={<ShieldIcon size={24} />}
      title={t('resetTitle')}
      subtitle={t('resetBody')}
      footer={
        <Link className={styles.link} href="/login">
          {t('backToLogin')}
        </Link>
      }
    >
      <ul className={styles.subtitle}>
        <li>{t('resetStepBackup')}</li>
        <li>{t('resetStepOwner')}</li>
        <li>{t('resetStepSupport')}</li>
      </ul>
    </AuthCard>
  )
}
