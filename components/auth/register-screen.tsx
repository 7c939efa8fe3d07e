// /register: a new company and its owner.
import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { AuthCard } from './auth-card'
import { RegisterForm } from './register-form'
import styles from './auth.module.css'

export async function RegisterScreen() {
  const t = await getTranslations('register')
  return (
    <AuthCard
      title={t('title')}
      subtitle={t('subtitle')}
      footer={<>{t('haveAccount')} <Link className={styles.link} href="/login">{t('signIn')}</Link></>}
    >
      <RegisterForm />
    </AuthCard>
  )
}
