'use client'
// One toast: its own auto-dismiss timer that pauses while hovered or while the tab is hidden and
// resumes with the time that was left (seed 000 §4). The provider in components/shell/toasts.tsx
// owns the queues and the exit animation.
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useTranslations } from 'next-intl'
import {
  NotificationActionControl,
  NotificationIcon,
  type NotificationAction,
  type NotificationVariant,
} from './notification'
import styles from './toast-card.module.css'
import { DismissButton } from './dismiss-button'

export interface ToastCardProps {
  id: string
  variant: NotificationVariant
  title?: ReactNode
  content: ReactNode
  action?: NotificationAction
  dismissable: boolean
  /** No timer at all. */
  sticky: boolean
  /** Auto-dismiss delay in ms. */
  timeoutMs: number
  /** The tab is hidden: the timer pauses. */
  paused: boolean
  leaving: boolean
  /** The same toast was raised again: shake it briefly instead of stacking a copy. */
  shaking: boolean
  onTimeout: (id: string) => void
  onDismiss: (id: string) => void
}

export function ToastCard(props: ToastCardProps) {
  const {
    id,
    variant,
    title,
    content,
    action,
    dismissable,
    sticky,
    timeoutMs,
    paused,
    leaving,
    shaking,
    onTimeout,
    onDismiss,
  } = props
  const t = useTranslations('notifications')
  const [hovered, setHovered] = useState(false)
  const remaining = useRef(timeoutMs)

  // Runs while the toast is visible, not hovered and the tab is shown; the cleanup banks the time
  // already spent so a resumed timer only waits for the rest. onTimeout must be stable.
  useEffect(() => {
    if (sticky || leaving || hovered || paused) return
    const started = Date.now()
    const timer = setTimeout(() => onTimeout(id), Math.max(0, remaining.current))
    return () => {
      clearTimeout(timer)
      remaining.current -= Date.now() - started
    }
  }, [id, sticky, leaving, hovered, paused, onTimeout])

  const className = [styles.toast, styles[variant], leaving && styles.leaving, shaking && styles.shake]
    .filter(Boolean)
    .join(' ')
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      className={className}
      data-testid="toast"
      data-variant={variant}
      data-state={leaving ? 'leaving' : 'shown'}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      <NotificationIcon variant={variant} />
      <div className={styles.content}>
        <span className="visually-hidden">{t(`variant.${variant}`)}</span>
        {title && <p className={styles.title}>{title}</p>}
        <div className={styles.body}>{content}</div>
        {action && (
          <div className={styles.action}>
            <NotificationActionControl action={action} />
          </div>
        )}
      </div>
      {dismissable && <DismissButton label={t('dismiss')} onClick={() => onDismiss(id)} />}
    </div>
  )
}
