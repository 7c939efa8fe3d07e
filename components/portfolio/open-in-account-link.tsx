'use client'
// A link to a page of another account: clicking moves the session to that account first.
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { openInAccount } from './portfolio-api'
import styles from './portfolio.module.css'

export function OpenInAccountLink({
  companyId,
  href,
  children,
}: {
  companyId: number
  href: string
  children: string
}) {
  const t = useTranslations('portfolio')
  const [failed, setFailed] = useState(false)
  return (
    <>
      <button
        type="button"
        className={styles.linkButton}
        onClick={() => openInAccount(companyId, href).catch(() => setFailed(true))}
      >
        {children}
      </button>
      {failed && <span role="alert"> {t('switchFailed')}</span>}
    </>
  )
}
