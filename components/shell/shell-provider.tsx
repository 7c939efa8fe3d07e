'use client'
// The client root of the authenticated app (seed 000 §4 "Start-up"): loads authorization,
// app-shell, A/B and locale data, then mounts the screens with toasts, banners, the
// session-expiry notice, support chat and the version, device and origin checks.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { usePathname } from 'next/navigation'
import { ToastProvider } from '@/components/shell/toasts'
import { BannerProvider } from '@/components/shell/banners'
import { matchRoute } from '@/lib/routes/match'
import { loadStartup } from '@/lib/client/start-up'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import { sessionStore } from '@/lib/client/session-store'
import { checkOrigin } from '@/lib/client/origin-check'
import { installStaleBuildNavigation, startVersionCheck } from '@/lib/client/version-check'
import { scheduleDeviceCheck } from '@/lib/client/device-check'
import { reportClientError } from '@/lib/client/report-error'
import { SessionExpiryModal } from './session-expiry-modal'
import { SupportChat } from './support-chat'
import { DegradedBanner } from './degraded-banner'
import { StartupError, type StartupErrorReason } from './startup-error'
import styles from './shell-provider.module.css'

export { useAppShell, useAuthorization, useAbTest, usePermission, useShellData } from '@/lib/client/shell-context'

export interface ShellProviderProps {
  children?: ReactNode
  initial?: { companyId: number; userId: number; companyName: string }
}

type Phase = { kind: 'loading' } | { kind: 'ready'; data: StartupData } | { kind: 'error'; reason: StartupErrorReason }

// One shell per page: a second mount (e.g. a nested layout by mistake) is reported and ignored.
let activeShell: object | null = null

function effectiveConnectionType(): string | undefined {
  return (navigator as Navigator & { connection?: { effectiveType?: string } }).connection?.effectiveType
}

function loginUrl(): string {
  const { pathname, search, hash } = window.location
  return `/login?next=${encodeURIComponent(pathname + search + hash)}`
}

/** The start-up sequence; resolves to the next phase, or null when the page is leaving for /login. */
async function startShell(): Promise<Phase | null> {
  const origin = checkOrigin()
  if (!origin.ok) {
    reportClientError(new Error(`The app refused to start: ${origin.reason}`), window.location.pathname)
    return { kind: 'error', reason: origin.reason }
  }
  sessionStore.connect()
  const outcome = await loadStartup({ pathname: window.location.pathname, effectiveType: effectiveConnectionType() })
  if (outcome.kind === 'signed-out') {
    window.location.assign(loginUrl())
    return null
  }
  if (outcome.kind === 'error') {
    reportClientError(outcome.error, window.location.pathname)
    return { kind: 'error', reason: 'authorization' }
  }
  // GET /ajax/authorization refreshed the state cookie: restart the expiry clock from it.
  sessionStore.syncFromCookie()
  return { kind: 'ready', data: outcome.data }
}

export function ShellProvider({ children, initial }: ShellProviderProps) {
  const pathname = usePathname() ?? ''
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' })
  const [ignored, setIgnored] = useState(false)
  const token = useRef({})

  useEffect(() => {
    const me = token.current
    let cancelled = false
    if (activeShell && activeShell !== me) {
      reportClientError(
        new Error('The app shell was mounted twice; the second mount is ignored.'),
        window.location.pathname,
      )
      void Promise.resolve().then(() => !cancelled && setIgnored(true))
      return () => {
        cancelled = true
      }
    }
    activeShell = me
    void startShell().then((next) => {
      if (!cancelled && next) setPhase(next)
    })
    return () => {
      cancelled = true
      if (activeShell === me) activeShell = null
    }
  }, [])

  const ready = phase.kind === 'ready' && !ignored
  useEffect(() => {
    if (!ready) return
    const stops = [startVersionCheck(), installStaleBuildNavigation(), scheduleDeviceCheck()]
    return () => stops.forEach((stop) => stop())
  }, [ready])

  // A stable scope object: toasts and banners key their remembered dismissals by it.
  const scope = useMemo(() => {
    if (phase.kind === 'ready')
      return { companyId: phase.data.authorization.company, userId: phase.data.authorization.userProfileId }
    return initial ? { companyId: initial.companyId, userId: initial.userId } : null
  }, [phase, initial])

  if (ignored) return <>{children}</>
  if (phase.kind === 'error') return <StartupError reason={phase.reason} />

  // The server-rendered screen shows at once (and keeps its HTTP status); the start-up data
  // arrives underneath and switches on the pieces that need it.
  const data = phase.kind === 'ready' ? phase.data : null
  const chatAllowed = matchRoute(pathname)?.route.chat !== false
  return (
    <ShellContext.Provider value={data}>
      <ToastProvider storageScope={scope}>
        <BannerProvider storageScope={scope}>
          {children}
          {data ? (
            <>
              <DegradedBanner dataStatus={data.dataStatus} />
              <SessionExpiryModal companyName={data.authorization.companyName || initial?.companyName || ''} />
              {chatAllowed && <SupportChat companyId={data.authorization.company} />}
            </>
          ) : (
            <div className={styles.loading} data-testid="shell-loading" aria-hidden="true" />
          )}
        </BannerProvider>
      </ToastProvider>
    </ShellContext.Provider>
  )
}
