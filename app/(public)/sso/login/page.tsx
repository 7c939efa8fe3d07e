import { getTranslations } from 'next-intl/server'
import Link from 'next/link'
import { AuthCard } from '@/components/auth/auth-card'
import { SsoLoginForm } from '@/components/sso/sso-login-form'
import { ssoErrorCode } from '@/components/sso/sso-errors'
import styles from '@/components/auth/auth.module.css'

export async function generateMetadata() {
  return { title: (await getTranslations('sso'))('loginTitle') }
}

// /sso/login – continue to the account's identity provider
export default async function SsoLoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const { email, sso_error } = await searchParams
  const t = await getTranslations('sso')
  const code = ssoErrorCode(sso_error)
  return (
    <AuthCard
      title={t('loginTitle')}
      subtitle={t('loginSubtitle')}
      footer={
        <Link className={styles.link} href="/login">
          {t('backToLogin')}
        </Link>
      }
    >
      <SsoLoginForm
        email={typeof email === 'string' ? email.slice(0, 254) : ''}
        error={code ? t(`errors.${code}`) : null}
      />
    </AuthCard>
  )
}
