'use client'
// The states of a screen's list around its table: the load error with a retry, a spinner while it
// loads, the empty state when there are no rows, else the table (the webhooks list, the code
// functions' dashboard).
import type { ReactNode } from 'react'
import { useTranslations } from 'next-intl'
import { Notification } from './notification'
import { Spinner } from './spinner'
import screen from './form-screen.module.css'

export function ListStates({
  error,
  loading,
  empty,
  loadError,
  onRetry,
  emptyState,
  children,
}: {
  error: unknown
  loading: boolean
  empty: boolean
  loadError: string
  onRetry: () => void
  emptyState: ReactNode
  children: ReactNode
}) {
  const tc = useTranslations('common')
  if (error)
    return (
      <Notification variant="error" action={{ label: tc('retry'), onClick: onRetry }}>
        {loadError}
      </Notification>
    )
  if (loading)
    return (
      <div className={screen.loading}>
        <Spinner size="large" />
      </div>
    )
  if (empty) return <>{emptyState}</>
  return <>{children}</>
}
