'use client'
// The four layout kinds of seed 000 §2: navigation (header and sidebar), header, page (bare, full
// width) and none. Banners sit above the page content in every framed layout.
import { useEffect, useState, type ReactNode } from 'react'
import { useTranslations } from 'next-intl'
import type { NavItem } from '@/lib/routes/nav'
import type { Layout } from '@/lib/routes/types'
import { BannerArea } from './banners'
import { PlanLimitBanner } from '@/components/billing/plan-limit-banner'
import { AccountStateBanners } from '@/components/billing/account-state-banners'
import { Header, type HeaderData } from './header'
import { Sidebar } from './sidebar'
import styles from './app-frame.module.css'

export interface AppFrameProps {
  layout: Layout
  header: HeaderData
  navItems: NavItem[]
  settingsNav?: NavItem | null
  children?: ReactNode
}

export function AppFrame({ layout, header, navItems, settingsNav, children }: AppFrameProps) {
  const t = useTranslations('common')
  const [navOpen, setNavOpen] = useState(false)

  useEffect(() => {
    if (!navOpen) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setNavOpen(false)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [navOpen])

  if (layout === 'none') return <>{children}</>

  const withHeader = layout === 'navigation' || layout === 'header'
  const withSidebar = layout === 'navigation'
  const main = (
    <main id="main-content" tabIndex={-1} className={styles.main} data-testid="app-main">
      <AccountStateBanners />
      <PlanLimitBanner />
      <BannerArea />
      {children}
    </main>
  )

  return (
    <div className={`${styles.frame} ${layout === 'page' ? styles.page : ''}`} data-layout={layout}>
      <a href="#main-content" className={styles.skip}>
        {t('skipToContent')}
      </a>
      {withHeader && (
        <Header
          data={header}
          navigationOpen={navOpen}
          onToggleNavigation={withSidebar ? () => setNavOpen((v) => !v) : undefined}
        />
      )}
      {withSidebar ? (
        <div className={styles.body}>
          <Sidebar items={navItems} settings={settingsNav} open={navOpen} onNavigate={() => setNavOpen(false)} />
          {navOpen && <div className={styles.scrim} aria-hidden="true" onClick={() => setNavOpen(false)} />}
          {main}
        </div>
      ) : (
        main
      )}
    </div>
  )
}
