'use client'
// Inline notification (seed 000 §2): five variants, optional action and a dismiss button.
// Errors use role=alert so they interrupt; the others are polite status messages.
import type { ReactNode } from 'react'
import { useTranslations } from 'next-intl'
import { ErrorIcon, InfoIcon, SparkleIcon, SuccessIcon, WarningIcon } from './icons'
import styles from './notification.module.css'
import { DismissButton } from './dismiss-button'

export type NotificationVariant = 'error' | 'intelligence' | 'info' | 'success' | 'warning'

export interface NotificationAction {
  label: string
  href?: string
  onClick?: () => void
}

export interface NotificationProps {
  variant: NotificationVariant
  title?: ReactNode
  children?: ReactNode
  action?: NotificationAction
  onDismiss?: () => void
  dismissable?: boolean
}

const ICONS = {
  error: ErrorIcon,
  intelligence: SparkleIcon,
  info: InfoIcon,
  success: SuccessIcon,
  warning: WarningIcon,
}

export function NotificationIcon({ variant }: { variant: NotificationVariant }) {
  const Icon = ICONS[variant]
  return <Icon size={20} className={`${styles.icon} ${styles[`icon_${variant}`]}`} />
}

export function NotificationActionControl({ action }: { action: NotificationAction }) {
  if (action.href) {
    return (
      <a className={styles.action} href={action.href} onClick={action.onClick}>
        {action.label}
      </a>
    )
  }
  return (
    <button type="button" className={styles.action} onClick={action.onClick}>
      {action.label}
    </button>
  )
}

export function Notification({
  variant,
  title,
  children,
  action,
  onDismiss,
  dismissable = !!onDismiss,
}: NotificationProps) {
  const t = useTranslations('notifications')
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      className={`${styles.notification} ${styles[variant]}`}
      data-variant={variant}
    >
      <NotificationIcon variant={variant} />
      <div className={styles.content}>
        <span className="visually-hidden">{t(`variant.${variant}`)}</span>
        {title && <p className={styles.title}>{title}</p>}
        {children && <div className={styles.body}>{children}</div>}
        {action && (
          <div className={styles.actions}>
            <NotificationActionControl action={action} />
          </div>
        )}
      </div>
      {dismissable && onDismiss && <DismissButton label={t('dismiss')} onClick={onDismiss} />}
    </div>
  )
}
