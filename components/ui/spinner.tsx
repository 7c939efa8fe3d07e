'use client'
// Loading spinner. Seed 000 §9: it appears only after 100 ms, so fast loads never flash it.
import { useEffect, useState } from 'react'
import { useTranslations } from 'next-intl'
import styles from './spinner.module.css'

export type SpinnerSize = 'small' | 'medium' | 'large' | 'extra-large' | 'huge'

export const SPINNER_DELAY_MS = 100

export interface SpinnerProps {
  size?: SpinnerSize
  delayMs?: number
  /** Accessible name; defaults to the "Loading…" text. */
  label?: string
}

const sizeClass: Record<SpinnerSize, string> = {
  small: styles.small,
  medium: styles.medium,
  large: styles.large,
  'extra-large': styles.extraLarge,
  huge: styles.huge,
}

export function Spinner({ size = 'medium', delayMs = SPINNER_DELAY_MS, label }: SpinnerProps) {
  const t = useTranslations('common')
  const [visible, setVisible] = useState(delayMs <= 0)

  useEffect(() => {
    if (delayMs <= 0) return
    const timer = setTimeout(() => setVisible(true), delayMs)
    return () => clearTimeout(timer)
  }, [delayMs])

  if (!visible) return null
  return (
    <span
      role="status"
      aria-label={label ?? t('loading')}
      className={`${styles.spinner} ${sizeClass[size]}`}
      data-size={size}
    />
  )
}
