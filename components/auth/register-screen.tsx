// /register: a new company and its owner. After sending, /register?sent=1 says to check the
// inbox: the mail confirms the new account, or says the address already has one.
import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { LinkButton } from '@/components/ui/button'
import { MailIcon } from '@/components/ui/icons'
import { AuthCard } from './auth-card'
import { RegisterForm } from './register-form'
import styles from './auth.module.css'

export async function RegisterScreen({ sent = false, referralCode }: { sent?: boolean; referralCode?: string }) {
  const t = await getTranslations('register')
  if (sent) {
    return (
      <AuthCard
        icon={<MailIcon size={24} />}
        title={t('sent.title')}
        subtitle={t('sent.body')}
        footer={
          <Link className={styles.link} href="/register">
            {t('sent.tryAgain')}
          </Link>
        }
      >
        <div className={styles.actions}>
          <LinkButton href="/login" variant="primary">
            {t('sent.signIn')}
          </LinkButton>
        </div>
      </AuthCard>
    )
  }
  return (
    <AuthCard
      title={t('title')}
      subtitle={t('subtitle')}
      footer={
        <>
          {t('haveAccount')}{' '}
          <Link className={styles.link} href="/login">
            {t('signIn')}
          </Link>
        </>
      }
    >
      <RegisterForm referralCode={referralCode} />
    </AuthCard>
  )
}
