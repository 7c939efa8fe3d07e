'use client'
// Not-found page (seed 000 §2): main text, three reasons, footer links (last page, home, support,
// social), the document title, and a logo that goes to /dashboard with a full page load.
import { useEffect } from 'react'
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import { Logo } from './logo'
import styles from './not-found-screen.module.css'

export const COMMUNITY_URL = 'https://github.com'

const REASONS = ['reasonMistyped', 'reasonMoved', 'reasonOutdated'] as const

export function NotFoundScreen() {
  const t = useTranslations('notFound')
  const tc = useTranslations('common')
  const title = t('title')
  const appName = tc('appName')

  useEffect(() => {
    document.title = tc('documentTitle', { title, appName })
  }, [tc, title, appName])

  function goBack() {
    // A direct visit has no page to go back to: go home instead of doing nothing.
    if (window.history.length > 1) window.history.back()
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- may run outside the app shell
    else window.location.assign('/dashboard')
  }

  return (
    <div className={styles.screen} data-testid="not-found-screen">
      <header className={styles.top}>
        <Logo href="/dashboard" />
      </header>
      <main className={styles.main} id="main-content">
        <div className={styles.column}>
          <p className={styles.eyebrow}>{t('eyebrow')}</p>
          <h1 className={styles.heading}>{t('heading')}</h1>
          <div className={styles.body}>
            <p>{t('intro')}</p>
            <ul className={styles.reasons} data-testid="not-found-reasons">
              {REASONS.map((key) => (
                <li key={key}>{t(key)}</li>
              ))}
            </ul>
          </div>
          <nav className={styles.links} aria-label={t('linksLabel')}>
            <button type="button" className={styles.backButton} onClick={goBack}>
              {t('back')}
            </button>
            <Link className={styles.primaryLink} href="/dashboard">
              {t('home')}
            </Link>
            <Link className={styles.link} href="/support">
              {t('support')}
            </Link>
            <a className={styles.link} href={COMMUNITY_URL} target="_blank" rel="noopener noreferrer">
              {t('community')}
            </a>
          </nav>
        </div>
      </main>
    </div>
  )
}
