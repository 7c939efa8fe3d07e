// A small icon per kind of event, guessed from the metric's name (the vendor's metrics carry no
// icon of their own): orders, carts, views, email and SMS activity, site visits, subscriptions.
import type { ReactNode } from 'react'
import styles from './profile-screen.module.css'

type Kind = 'order' | 'cart' | 'view' | 'email' | 'sms' | 'site' | 'subscribe' | 'merge' | 'other'

const RULES: Array<[RegExp, Kind]> = [
  [/order|purchase|checkout|refund|fulfill|paid/i, 'order'],
  [/cart/i, 'cart'],
  [/view|product/i, 'view'],
  [/email|open|click|bounce|mark(ed)? as spam/i, 'email'],
  [/sms|text|whatsapp|push/i, 'sms'],
  [/active on site|visit|page|session/i, 'site'],
  [/subscri|consent|form/i, 'subscribe'],
  [/merge/i, 'merge'],
]

export function metricKind(name: string): Kind {
  for (const [re, kind] of RULES) if (re.test(name)) return kind
  return 'other'
}

const PATHS: Record<Kind, ReactNode> = {
  order: (
    <>
      <path d="M6 7h12l-1 13H7L6 7Z" />
      <path d="M9 7a3 3 0 0 1 6 0" />
    </>
  ),
  cart: (
    <>
      <circle cx="9" cy="20" r="1.5" />
      <circle cx="17" cy="20" r="1.5" />
      <path d="M3 4h2l2.4 11h10.2L20 8H6.2" />
    </>
  ),
  view: (
    <>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  email: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </>
  ),
  sms: <path d="M4 5h16v11H9l-5 4V5Z" />,
  site: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </>
  ),
  subscribe: (
    <>
      <path d="M12 21s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 11c0 5.6-7 10-7 10Z" />
    </>
  ),
  merge: (
    <>
      <path d="M6 3v6a6 6 0 0 0 6 6h6" />
      <path d="m15 12 3 3-3 3" />
      <path d="M18 3v4" />
    </>
  ),
  other: (
    <>
      <path d="M13 2 4 14h7l-1 8 9-12h-7l1-8Z" />
    </>
  ),
}

export function MetricIcon({ name }: { name: string }) {
  const kind = metricKind(name)
  return (
    <span className={`${styles.metricIcon} ${styles[`kind_${kind}`]}`} aria-hidden="true">
      <svg
        width={16}
        height={16}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
      >
        {PATHS[kind]}
      </svg>
    </span>
  )
}
