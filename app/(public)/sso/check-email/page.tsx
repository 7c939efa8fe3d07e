import { getTranslations } from 'next-intl/server'
import Link from 'next/link'
import { AuthCard } from '@/components/auth/auth-card'
import { SsoCheckEmailForm } from '@/components/sso/sso-check-email-form'
import styles from '@/components/auth/auth.module.css'

export async function generateMetadata() {
  return { title: (await getTranslations('sso'))('checkTitle') }
}

// /sso/check-email – which sign-in this address uses
export default async function SsoCheckEmailPage() {
  const t = await getTranslations('sso')
  return (
    <AuthCard
      title={t('checkTitle')}
      subtitle={t('checkSubtitle')}
      footer={
        <Link className={styles.link} href="/login">
          {t('backToLogin')}
        </Link>
      }
    >
      <SsoCheckEmailForm />
    </AuthCard>
  )
}
