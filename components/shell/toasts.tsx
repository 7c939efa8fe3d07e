'use client'
// Toasts (seed 000 §3 Notification, §4 Toasts, §9 constants): two queues, success and the rest,
// each shown in its own stack; permanent dismissal per company and user; and a tiny event bus so
// code outside React can raise a toast before the provider has mounted.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useTranslations } from 'next-intl'
import { ToastCard } from '@/components/ui/toast-card'
import type { NotificationAction, NotificationVariant } from '@/components/ui/notification'
import { isDismissed, rememberDismissal, type StorageScope } from '@/components/ui/dismissal-storage'
import styles from './toasts.module.css'

export const TOAST_TIMEOUT_MS = 5000
export const TOAST_ANIMATION_MS = 300
export const TOAST_SHAKE_MS = 250
/** How many toasts each stack shows at once; the rest wait in its queue. */
export const TOASTS_VISIBLE_PER_QUEUE = 3

export type ToastVariant = NotificationVariant
export type { StorageScope }

export interface ToastInput {
  variant: ToastVariant
  content: ReactNode
  title?: ReactNode
  sticky?: boolean
  /** Once the user dismisses it, never show it again for this company and user. */
  appStorageKey?: string
  action?: NotificationAction
  dismissable?: boolean
  onClose?: () => void
}

interface ToastRecord extends ToastInput {
  id: string
  leaving: boolean
  shaking: boolean
}

export interface ToastApi {
  show: (n: ToastInput) => string
  dismiss: (id: string) => void
}

// --- event bus: usable outside React, queues until a provider mounts ---
type Command = { kind: 'show'; n: ToastInput; id: string } | { kind: 'dismiss'; id: string }
let sink: ((c: Command) => void) | null = null
const pending: Command[] = []
let counter = 0
const newId = () => `toast-${++counter}`

function send(c: Command) {
  if (sink) sink(c)
  else pending.push(c)
}

/** Raise a toast from anywhere (HTTP layer, session store). Returns its id. */
export function toast(n: ToastInput): string {
  const id = newId()
  send({ kind: 'show', n, id })
  return id
}

export function dismissToast(id: string): void {
  send({ kind: 'dismiss', id })
}

const busApi: ToastApi = { show: toast, dismiss: dismissToast }
const ToastContext = createContext<ToastApi | null>(null)

/** Without a provider (tests, isolated screens) it falls back to the bus. */
export function useToast(): ToastApi {
  return useContext(ToastContext) ?? busApi
}

export function ToastProvider({
  children,
  storageScope,
}: {
  children?: ReactNode
  storageScope?: StorageScope | null
}) {
  const t = useTranslations('notifications')
  const [toasts, setToasts] = useState<ToastRecord[]>([])
  const [tabHidden, setTabHidden] = useState(false)
  const scopeRef = useRef(storageScope)
  const toastsRef = useRef(toasts)
  const removalTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>())

  useEffect(() => {
    scopeRef.current = storageScope
    toastsRef.current = toasts
  })

  const add = useCallback((n: ToastInput, id: string) => {
    if (n.appStorageKey && isDismissed('dismissed', n.appStorageKey, scopeRef.current)) return
    setToasts((list) => {
      const same = n.appStorageKey ? list.find((x) => x.appStorageKey === n.appStorageKey && !x.leaving) : undefined
      if (!same) return [...list, { ...n, id, leaving: false, shaking: false }]
      // The same keyed toast again: shake the one on screen instead of stacking a copy.
      setTimeout(
        () => setToasts((l) => l.map((x) => (x.id === same.id ? { ...x, shaking: false } : x))),
        TOAST_SHAKE_MS,
      )
      return list.map((x) => (x === same ? { ...x, shaking: true } : x))
    })
  }, [])

  const leave = useCallback((id: string, byUser: boolean) => {
    const record = toastsRef.current.find((x) => x.id === id)
    if (!record || record.leaving || removalTimers.current.has(id)) return
    if (byUser && record.appStorageKey) rememberDismissal('dismissed', record.appStorageKey, scopeRef.current)
    setToasts((list) => list.map((x) => (x.id === id ? { ...x, leaving: true } : x)))
    // Removed after the exit animation (seed 000 §9: 300 ms).
    removalTimers.current.set(
      id,
      setTimeout(() => {
        removalTimers.current.delete(id)
        setToasts((list) => list.filter((x) => x.id !== id))
        record.onClose?.()
      }, TOAST_ANIMATION_MS),
    )
  }, [])

  const onTimeout = useCallback((id: string) => leave(id, false), [leave])
  const onUserDismiss = useCallback((id: string) => leave(id, true), [leave])

  const api = useMemo<ToastApi>(
    () => ({
      show: (n) => {
        const id = newId()
        add(n, id)
        return id
      },
      dismiss: (id) => leave(id, false),
    }),
    [add, leave],
  )

  useEffect(() => {
    const handle = (c: Command) => (c.kind === 'show' ? add(c.n, c.id) : leave(c.id, false))
    sink = handle
    pending.splice(0).forEach(handle)
    const timers = removalTimers.current
    return () => {
      if (sink === handle) sink = null
      timers.forEach(clearTimeout)
      timers.clear()
    }
  }, [add, leave])

  useEffect(() => {
    const sync = () => setTabHidden(document.visibilityState === 'hidden')
    sync()
    document.addEventListener('visibilitychange', sync)
    return () => document.removeEventListener('visibilitychange', sync)
  }, [])

  const success = toasts.filter((x) => x.variant === 'success').slice(0, TOASTS_VISIBLE_PER_QUEUE)
  const others = toasts.filter((x) => x.variant !== 'success').slice(0, TOASTS_VISIBLE_PER_QUEUE)

  const renderStack = (list: ToastRecord[], label: string, testId: string, position: string) => (
    <div
      className={`${styles.stack} ${position}`}
      data-testid={testId}
      role={list.length > 0 ? 'region' : undefined}
      aria-label={list.length > 0 ? label : undefined}
    >
      {list.map((x) => (
        <ToastCard
          key={x.id}
          id={x.id}
          variant={x.variant}
          title={x.title}
          content={x.content}
          action={x.action}
          dismissable={x.dismissable ?? true}
          sticky={!!x.sticky}
          timeoutMs={TOAST_TIMEOUT_MS}
          paused={tabHidden}
          leaving={x.leaving}
          shaking={x.shaking}
          onTimeout={onTimeout}
          onDismiss={onUserDismiss}
        />
      ))}
    </div>
  )

  return (
    <ToastContext.Provider value={api}>
      {children}
      {renderStack(others, t('regionOther'), 'toasts-other', styles.topRight)}
      {renderStack(success, t('regionSuccess'), 'toasts-success', styles.bottomCenter)}
    </ToastContext.Provider>
  )
}
