// /login: the sign-in card. next is checked here (same-origin relative paths only).
import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { safeNextPath } from '@/lib/routes/access'
import { AuthCard } from './auth-card'
import { LoginForm } from './login-form'
import styles from './auth.module.css'

export async function LoginScreen({ next }: { next: string | null }) {
  const t = await getTranslations('login')
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
        </>
      }
    >
      <LoginForm nextPath={safeNextPath(next)} fromNext={next !== null} />
    </AuthCard>
  )
}
