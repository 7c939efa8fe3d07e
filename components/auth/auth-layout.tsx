// The frame of the public screens: the logo (a full load to /dashboard, where the gate
// decides) and one centred column; no application chrome.
import type { ReactNode } from 'react'
import { Logo } from '@/components/shell/logo'
import styles from './auth.module.css'

export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main className={styles.page}>
      <div className={styles.logo}>
        <Logo tone="dark" />
      </div>
      {children}
    </main>
  )
}
