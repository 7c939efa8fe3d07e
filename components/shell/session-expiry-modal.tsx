'use client'
// The session-expiry notice (seed 000 §2 "Session-expiry modal", §4 "Session modal").
import { useEffect, useRef, useState } from 'react'
import { useTranslations } from 'next-intl'
import { Modal } from '@/components/ui/modal'
import { Button } from '@/components/ui/button'
import { sessionStore as defaultStore, type SessionChangeKind, type SessionStore } from '@/lib/client/session-store'
import styles from './session-expiry-modal.module.css'

type ShownKind = Exclude<SessionChangeKind, 'authenticated'> | 'authenticated'
const SHOW_ON: readonly SessionChangeKind[] = ['expired', 'logged-out', 'authenticated-other']

export interface SessionExpiryModalProps {
  companyName: string
  store?: Pick<SessionStore, 'subscribe' | 'getState'>
  /** Where the page is; defaults to window.location.pathname at the moment of the change. */
  getPathname?: () => string
}

const TITLE_KEY: Record<ShownKind, 'loggedOutTitle' | 'expiredTitle' | 'loggedInTitle' | 'otherAccountTitle'> = {
  'logged-out': 'loggedOutTitle',
  expired: 'expiredTitle',
  authenticated: 'loggedInTitle',
  'authenticated-other': 'otherAccountTitle',
}
const BODY_KEY: Record<ShownKind, 'loggedOutBody' | 'expiredBody' | 'loggedInBody' | 'otherAccountBody'> = {
  'logged-out': 'loggedOutBody',
  expired: 'expiredBody',
  authenticated: 'loggedInBody',
  'authenticated-other': 'otherAccountBody',
}

export function SessionExpiryModal({ companyName, store = defaultStore, getPathname }: SessionExpiryModalProps) {
  const t = useTranslations('sessionModal')
  const [shown, setShown] = useState<ShownKind | null>(null)
  const lastKind = useRef<SessionChangeKind>(store.getState().kind)

  useEffect(() => {
    return store.subscribe((change) => {
      const previous = lastKind.current
      lastKind.current = change.kind
      // Once per transition: a repeated report of the same state does not reopen it.
      if (change.kind === previous) return
      if (SHOW_ON.includes(change.kind)) {
        const path = getPathname ? getPathname() : window.location.pathname
        if (change.kind === 'authenticated-other' && path === '/portfolio-wizard') return
        setShown(change.kind as ShownKind)
      } else if (change.kind === 'authenticated') {
        // Signed in again (e.g. in another tab): the open notice turns into "close".
        setShown((s) => (s ? 'authenticated' : s))
      }
    })
  }, [store, getPathname])

  if (!shown) return null

  const action =
    shown === 'authenticated'
      ? { label: t('close'), onClick: () => setShown(null) }
      : shown === 'authenticated-other'
        ? { label: t('dashboard'), onClick: () => window.open('/dashboard', '_blank') }
        : { label: t('loginToContinue'), onClick: () => window.open('/login', '_blank') }

  return (
    <Modal
      open
      hideCloseButton
      title={t(TITLE_KEY[shown])}
      footer={
        <Button variant="primary" data-testid="session-modal-action" onClick={action.onClick}>
          {action.label}
        </Button>
      }
    >
      <div data-testid="session-expiry-modal" data-state={shown} className={styles.body}>
        <p>{t(BODY_KEY[shown], { companyName })}</p>
      </div>
    </Modal>
  )
}
