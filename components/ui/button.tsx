'use client'
// Buttons and button-styled links: the only place button visuals are defined.
import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from 'react'
import { useTranslations } from 'next-intl'
import { Spinner } from './spinner'
import styles from './button.module.css'

export type ButtonVariant = 'primary' | 'secondary' | 'tertiary' | 'danger'
export type ButtonSize = 'small' | 'medium'

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant
  size?: ButtonSize
  loading?: boolean
}

export function buttonClassName(
  variant: ButtonVariant = 'secondary',
  size: ButtonSize = 'medium',
  extra?: string,
): string {
  return [styles.button, styles[variant], styles[size], extra].filter(Boolean).join(' ')
}

export function Button({
  variant = 'secondary',
  size = 'medium',
  loading = false,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  const t = useTranslations('common')
  return (
    <button
      {...rest}
      type={type}
      className={buttonClassName(variant, size, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {/* The spinner shows at once: the user has just clicked, so no 100 ms grace period. */}
      {loading && (
        <span className={styles.spinner}>
          <Spinner size="small" delayMs={0} label={t('loading')} />
        </span>
      )}
      <span className={loading ? styles.labelLoading : styles.label}>{children}</span>
    </button>
  )
}

export interface LinkButtonProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string
  variant?: ButtonVariant
  size?: ButtonSize
}

export function LinkButton({ variant = 'secondary', size = 'medium', className, children, ...rest }: LinkButtonProps) {
  return (
    <a {...rest} className={buttonClassName(variant, size, className)}>
      <span className={styles.label}>{children}</span>
    </a>
  )
}
