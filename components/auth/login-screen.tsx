// /login: the sign-in card. next is checked here (same-origin relative paths only).
import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { safeNextPath } from '@/lib/routes/access'
import { AuthCard } from './auth-card'
import { LoginForm } from './login-form'
import { Notification } from '@/components/ui/notification'
import type { SsoErrorCode } from '@/components/sso/sso-errors'
import styles from './auth.module.css'

export async function LoginScreen({ next, ssoError = null }: { next: string | null; ssoError?: SsoErrorCode | null }) {
  const t = await getTranslations('login')
  const tSso = await getTranslations('sso')
  return (
    <AuthCard
      title={t('title')}
      subtitle={t('subtitle')}
      footer={
        <>
          {t('noAccount')}{' '}
          <Link className={styles.link} href="/register">
            {t('createAccount')}
          </Link>
          {' · '}
          <Link className={styles.link} href="/sso/check-email">
            {tSso('useSso')}
          </Link>
        </>
      }
    >
      {ssoError && <Notification variant="error">{tSso(`errors.${ssoError}`)}</Notification>}
      <LoginForm nextPath={safeNextPath(next)} fromNext={next !== null} />
    </AuthCard>
  )
}
