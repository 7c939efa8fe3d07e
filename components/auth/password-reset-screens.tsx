// The password-reset journey: request a link, check your email, choose a password, done.
import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { LinkButton } from '@/components/ui/button'
import { CheckIcon, LockIcon, MailIcon } from '@/components/ui/icons'
import { AuthCard } from './auth-card'
import { NewPasswordForm } from './new-password-form'
import { PasswordResetRequestForm } from './password-reset-request-form'
import styles from './auth.module.css'

export async function PasswordResetRequestScreen() {
  const t = await getTranslations('passwordReset')
  return (
    <AuthCard
      icon={<LockIcon size={24} />}
      title={t('request.title')}
      subtitle={t('request.subtitle')}
      footer={
        <Link className={styles.link} href="/login">
          {t('request.backToLogin')}
        </Link>
      }
    >
      <PasswordResetRequestForm />
    </AuthCard>
  )
}

export async function PasswordResetDoneScreen() {
  const t = await getTranslations('passwordReset')
  return (
    <AuthCard
      icon={<MailIcon size={24} />}
      title={t('done.title')}
      subtitle={t('done.body')}
      footer={
        <Link className={styles.link} href="/account/password-reset">
          {t('done.tryAgain')}
        </Link>
      }
    >
      <div className={styles.actions}>
        <LinkButton href="/login" variant="primary">
          {t('done.backToLogin')}
        </LinkButton>
      </div>
    </AuthCard>
  )
}

export async function ChooseNewPasswordScreen({ uid, token }: { uid: string; token: string }) {
  const t = await getTranslations('passwordReset')
  return (
    <AuthCard icon={<LockIcon size={24} />} title={t('choose.title')} subtitle={t('choose.subtitle')}>
      <NewPasswordForm uid={uid} token={token} />
    </AuthCard>
  )
}

export async function ResetCompleteScreen() {
  const t = await getTranslations('passwordReset')
  return (
    <AuthCard
      icon={<CheckIcon size={24} />}
      iconTone="success"
      title={t('complete.title')}
      subtitle={t('complete.body')}
    >
      <div className={styles.actions}>
        <LinkButton href="/login" variant="primary">
          {t('complete.signIn')}
        </LinkButton>
      </div>
    </AuthCard>
  )
}
