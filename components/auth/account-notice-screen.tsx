// The sign-in and account notices of seed 001 §2.2: a sign-in that looked suspicious, a new device
// to confirm from the e-mail we sent, and an account that is disabled (for good or for now) or
// deleted. Each says what happened and the one thing to do next.
import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { AuthCard } from './auth-card'
import styles from './auth.module.css'

export type AccountNotice = 'suspicious' | 'deviceValidation' | 'disabled' | 'disabledTemporary' | 'deleted'

const NEXT: Record<AccountNotice, { href: string; key: 'resetPassword' | 'backToLogin' | 'contactSupport' }> = {
  suspicious: { href: '/account/password-reset', key: 'resetPassword' },
  deviceValidation: { href: '/login', key: 'backToLogin' },
  disabled: { href: '/support/contact', key: 'contactSupport' },
  disabledTemporary: { href: '/support/contact', key: 'contactSupport' },
  deleted: { href: '/login', key: 'backToLogin' },
}

export async function AccountNoticeScreen({ notice }: { notice: AccountNotice }) {
  const t = await getTranslations('accountNotice')
  const next = NEXT[notice]
  return (
    <AuthCard
      title={t(`${notice}.title`)}
      subtitle={t(`${notice}.body`)}
      iconTone={notice === 'deviceValidation' ? 'default' : 'danger'}
      footer={
        <Link className={styles.link} href={next.href}>
          {t(next.key)}
        </Link>
      }
    />
  )
}
