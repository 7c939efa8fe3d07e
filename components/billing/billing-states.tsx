'use client'
// The loading and error states every billing screen shares: a skeleton while the first answer
// comes, and the server's message with a retry when it failed.
import type { ReactNode } from 'react'
import { useTranslations } from 'next-intl'
import { Notification } from '@/components/ui/notification'
import { TableSkeleton } from '@/components/lists/table-skeleton'
import { readHttpFailure } from '@/components/auth/http-failure'

export function Loaded<T>({
  data,
  error,
  retry,
  children,
}: {
  data: T | undefined
  error: unknown
  retry: () => void
  children: (data: T) => ReactNode
}) {
  const t = useTranslations('billing')
  if (error && !data)
    return (
      <Notification variant="error" action={{ label: t('retry'), onClick: retry }}>
        {readHttpFailure(error).message ?? t('loadError')}
      </Notification>
    )
  if (!data) return <TableSkeleton rows={4} />
  return <>{children(data)}</>
}
