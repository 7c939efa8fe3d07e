// Product logo. A plain <a> on purpose: from the not-found and error screens the way home must be
// a full page load (seed 000 §2), which also recovers from a broken client state.
import { useTranslations } from 'next-intl'
import styles from './logo.module.css'

export interface LogoProps {
  href?: string
  /** light: on the dark header/sidebar; dark: on white pages. */
  tone?: 'light' | 'dark'
  showName?: boolean
  /** Hide the name under 500px (the header needs the room on phones). */
  compact?: boolean
}

export function LogoMark() {
  return (
    <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path
        d="M8 22V10l8 7 8-7v12"
        fill="none"
        stroke="var(--color-surface)"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

export function Logo({ href = '/dashboard', tone = 'dark', showName = true, compact = false }: LogoProps) {
  const t = useTranslations('common')
  return (
    <a
      href={href}
      className={`${styles.logo} ${styles[tone]}`}
      aria-label={showName && !compact ? undefined : t('appName')}
    >
      <LogoMark />
      {showName && <span className={`${styles.name} ${compact ? styles.compact : ''}`}>{t('appName')}</span>}
    </a>
  )
}
