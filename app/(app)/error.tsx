'use client'
// The error boundary of every route: the shared retry fallback, reported with the route path.
import { usePathname } from 'next/navigation'
import { ErrorScreen } from '@/components/shell/error-screen'

export default function RouteError({ error }: { error: Error & { digest?: string } }) {
  const pathname = usePathname()
  return <ErrorScreen error={error} routePath={pathname ?? undefined} />
}
