'use client'
// Global banners above the page (seed 000 §4): dismissible, and a dismissal with a storage key is
// remembered in localStorage (per company and user when a scope is given).
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useTranslations } from 'next-intl'
import { NotificationIcon, type NotificationVariant } from '@/components/ui/notification'
import { isDismissed, rememberDismissal, type StorageScope } from '@/components/ui/dismissal-storage'
import styles from './banners.module.css'
import { DismissButton } from '@/components/ui/dismiss-button'

export interface BannerInput {
  id: string
  variant: NotificationVariant
  content: ReactNode
  dismissible?: boolean
  storageKey?: string
}

export interface BannerApi {
  show: (b: BannerInput) => void
  dismiss: (id: string) => void
}

interface BannerState extends BannerApi {
  banners: BannerInput[]
  dismissByUser: (id: string) => void
}

const BannerContext = createContext<BannerState | null>(null)
const noop: BannerApi = { show: () => {}, dismiss: () => {} }

export function useBanners(): BannerApi {
  return useContext(BannerContext) ?? noop
}

export function BannerProvider({
  children,
  storageScope,
}: {
  children?: ReactNode
  storageScope?: StorageScope | null
}) {
  const [banners, setBanners] = useState<BannerInput[]>([])
  const scopeRef = useRef(storageScope)
  useEffect(() => {
    scopeRef.current = storageScope
  })

  const show = useCallback((b: BannerInput) => {
    if (b.storageKey && isDismissed('banner-dismissed', b.storageKey, scopeRef.current)) return
    // Same id replaces the banner in place, so callers can update a banner's text.
    setBanners((list) => (list.some((x) => x.id === b.id) ? list.map((x) => (x.id === b.id ? b : x)) : [...list, b]))
  }, [])

  const dismiss = useCallback((id: string) => setBanners((list) => list.filter((x) => x.id !== id)), [])

  const dismissByUser = useCallback((id: string) => {
    setBanners((list) => {
      const b = list.find((x) => x.id === id)
      if (b?.storageKey) rememberDismissal('banner-dismissed', b.storageKey, scopeRef.current)
      return list.filter((x) => x.id !== id)
    })
  }, [])

  const value = useMemo(() => ({ banners, show, dismiss, dismissByUser }), [banners, show, dismiss, dismissByUser])
  return <BannerContext.Provider value={value}>{children}</BannerContext.Provider>
}

/** Renders the current banners; nothing without a provider or without banners. */
export function BannerArea() {
  const t = useTranslations('notifications')
  const state = useContext(BannerContext)
  if (!state || state.banners.length === 0) return null
  return (
    <div className={styles.area} role="region" aria-label={t('regionBanners')} data-testid="banner-area">
      {state.banners.map((b) => (
        <div
          key={b.id}
          className={`${styles.banner} ${styles[b.variant]}`}
          role={b.variant === 'error' ? 'alert' : 'status'}
          data-testid="banner"
        >
          <NotificationIcon variant={b.variant} />
          <div className={styles.content}>
            <span className="visually-hidden">{t(`variant.${b.variant}`)}</span>
            {b.content}
          </div>
          {(b.dismissible ?? true) && (
            <DismissButton label={t('dismissBanner')} onClick={() => state.dismissByUser(b.id)} />
          )}
        </div>
      ))}
    </div>
  )
}
