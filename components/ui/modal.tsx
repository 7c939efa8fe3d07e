'use client'
// Dialog in a portal above everything (seed 000 §2 and §9). Focus moves to the dialog's first field
// on open (the dialog itself when it has none), Tab wraps inside it and focus returns to the opener
// on close. A dialog without a close button
// (hideCloseButton, e.g. the session-expiry notice) ignores Escape and backdrop clicks.
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { useTranslations } from 'next-intl'
import { CloseIcon } from './icons'
import { useIsClient } from './use-is-client'
import styles from './modal.module.css'

export type ModalSize = 'medium' | 'large' | 'fullScreen'

export interface ModalProps {
  open: boolean
  size?: ModalSize
  title?: ReactNode
  children?: ReactNode
  footer?: ReactNode
  onClose?: () => void
  hideCloseButton?: boolean
  'aria-label'?: string
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'
const FIELD = 'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])'

// The last few focused elements. A field with autoFocus inside the dialog takes focus before the
// dialog's own effect runs, so document.activeElement is then no longer the opener: the opener is
// the latest of these that lies outside the dialog.
const recentFocus: HTMLElement[] = []
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (e) => {
      if (!(e.target instanceof HTMLElement)) return
      recentFocus.push(e.target)
      if (recentFocus.length > 8) recentFocus.shift()
    },
    true,
  )
}

function findOpener(dialog: HTMLElement | null): HTMLElement | null {
  const active = document.activeElement instanceof HTMLElement ? document.activeElement : null
  if (active && active !== document.body && !dialog?.contains(active)) return active
  for (let i = recentFocus.length - 1; i >= 0; i--) {
    const el = recentFocus[i]
    if (el !== document.body && !dialog?.contains(el) && document.contains(el)) return el
  }
  return null
}

export function Modal({
  open,
  size = 'medium',
  title,
  children,
  footer,
  onClose,
  hideCloseButton = false,
  'aria-label': ariaLabel,
}: ModalProps) {
  const t = useTranslations('common')
  const isClient = useIsClient()
  const dialogRef = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const canClose = !hideCloseButton && !!onClose

  useEffect(() => {
    if (!open || !isClient) return
    const dialog = dialogRef.current
    const opener = findOpener(dialog)
    const previousOverflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    if (dialog && !dialog.contains(document.activeElement)) {
      const field = dialog.querySelector<HTMLElement>(FIELD)
      ;(field ?? dialog).focus()
    }
    return () => {
      document.body.style.overflow = previousOverflow
      if (opener && document.contains(opener)) opener.focus()
    }
  }, [open, isClient])

  if (!open || !isClient) return null

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === 'Escape') {
      if (canClose) {
        e.stopPropagation()
        onClose?.()
      }
      return
    }
    if (e.key !== 'Tab' || !dialogRef.current) return
    const items = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE))
    if (items.length === 0) {
      e.preventDefault()
      return
    }
    const first = items[0]
    const last = items[items.length - 1]
    const active = document.activeElement
    if (e.shiftKey && (active === first || active === dialogRef.current)) {
      e.preventDefault()
      last.focus()
    } else if (!e.shiftKey && active === last) {
      e.preventDefault()
      first.focus()
    }
  }

  return createPortal(
    <div className={styles.layer} data-testid="modal-layer">
      <div className={styles.backdrop} aria-hidden="true" onClick={canClose ? onClose : undefined} />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title && !ariaLabel ? titleId : undefined}
        aria-label={ariaLabel}
        tabIndex={-1}
        data-size={size}
        className={`${styles.dialog} ${styles[size]}`}
        onKeyDown={onKeyDown}
      >
        {(title || canClose) && (
          <div className={styles.header}>
            {title ? (
              <h2 id={titleId} className={styles.title}>
                {title}
              </h2>
            ) : (
              <span />
            )}
            {canClose && (
              <button type="button" className={styles.close} onClick={onClose} aria-label={t('close')}>
                <CloseIcon size={18} />
              </button>
            )}
          </div>
        )}
        <div className={styles.body}>{children}</div>
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </div>,
    document.body,
  )
}
