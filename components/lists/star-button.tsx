'use client'
// The star toggle of a list or segment row.
import type { SVGProps } from 'react'
import styles from './lists-screen.module.css'

function StarIcon({ filled, ...rest }: SVGProps<SVGSVGElement> & { filled: boolean }) {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={2}
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3l-5.6 2.9 1.1-6.2L3 9.6l6.2-.9L12 3Z" />
    </svg>
  )
}

export function StarButton({
  starred,
  label,
  disabled,
  onToggle,
}: {
  starred: boolean
  label: string
  disabled?: boolean
  onToggle: () => void
}) {
  return (
    <button
      type="button"
      className={`${styles.star} ${starred ? styles.starOn : ''}`}
      aria-pressed={starred}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onToggle}
      data-testid="star-toggle"
    >
      <StarIcon filled={starred} />
    </button>
  )
}
