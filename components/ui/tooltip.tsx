'use client'
// Tooltip shown on hover and on keyboard focus (max 200 px wide, seed 000 §9). The trigger is
// described by the tooltip so screen readers read it too; Escape hides it.
import { cloneElement, isValidElement, useId, useState, type ReactElement, type ReactNode } from 'react'
import styles from './tooltip.module.css'

export interface TooltipProps {
  content: ReactNode
  children: ReactNode
  placement?: 'top' | 'bottom'
}

export function Tooltip({ content, children, placement = 'top' }: TooltipProps) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const trigger = isValidElement(children)
    ? cloneElement(children as ReactElement<{ 'aria-describedby'?: string }>, {
        'aria-describedby': open ? id : undefined,
      })
    : children
  return (
    <span
      className={styles.wrap}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOpen(false)
      }}
    >
      {trigger}
      {open && (
        <span role="tooltip" id={id} className={`${styles.tip} ${styles[placement]}`}>
          {content}
        </span>
      )}
    </span>
  )
}
