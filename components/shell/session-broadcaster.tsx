'use client'
// Mounted on every page (including /login): re-reads the session-state cookie and tells the
// other tabs, so a sign-in, a company switch or a logout in this tab reaches them.
import { useEffect } from 'react'
import { usePathname } from 'next/navigation'
import { sessionStore } from '@/lib/client/session-store'

export function SessionBroadcaster() {
  const pathname = usePathname()

  useEffect(() => {
    sessionStore.connect()
    const sync = () => sessionStore.syncFromCookie()
    const onVisible = () => {
      if (document.visibilityState === 'visible') sync()
    }
    window.addEventListener('focus', sync)
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      window.removeEventListener('focus', sync)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [])

  // A client-side navigation (e.g. from /login to /dashboard after signing in) is a mount too.
  useEffect(() => {
    sessionStore.syncFromCookie()
  }, [pathname])

  return null
}
