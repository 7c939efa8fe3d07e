'use client'
// The app's link (seed 000 §2 "Navigation rules"): drops unsafe search-parameter values,
// reports links to unregistered paths, remembers the previous path, and turns into a full
// page load once a newer build is being served.
import Link from 'next/link'
import { useEffect, type ComponentProps, type MouseEvent } from 'react'
import { isRegisteredPath } from '@/lib/routes/match'
import { sanitizeSearchParams } from '@/lib/routes/safe-url'
import { reportClientError } from '@/lib/client/report-error'
import { rememberPreviousPath } from '@/lib/client/prev-path'
import { isBuildStale } from '@/lib/client/version-check'

export type AppLinkProps = Omit<ComponentProps<typeof Link>, 'href'> & { href: string }

const BASE = 'http://app.invalid'
const reportedPaths = new Set<string>()

/** The href with unsafe parameter values removed; external and non-http hrefs pass unchanged. */
export function safeHref(href: string): { href: string; internalPath: string | null } {
  if (!href.startsWith('/') || href.startsWith('//')) return { href, internalPath: null }
  const url = new URL(href, BASE)
  const search = sanitizeSearchParams(url.searchParams).toString()
  return { href: url.pathname + (search ? `?${search}` : '') + url.hash, internalPath: url.pathname }
}

export function AppLink({ href, onClick, ...rest }: AppLinkProps) {
  const { href: safe, internalPath } = safeHref(href)

  useEffect(() => {
    if (internalPath === null || isRegisteredPath(internalPath) || reportedPaths.has(internalPath)) return
    reportedPaths.add(internalPath)
    const from = window.location.pathname
    console.warn(`Link to an unregistered route: ${internalPath}`)
    reportClientError(new Error(`Link to an unregistered route: ${internalPath}`), from)
  }, [internalPath])

  function handleClick(e: MouseEvent<HTMLAnchorElement>) {
    onClick?.(e)
    if (e.defaultPrevented || internalPath === null) return
    const plain =
      e.button === 0 &&
      !e.metaKey &&
      !e.ctrlKey &&
      !e.shiftKey &&
      !e.altKey &&
      (!rest.target || rest.target === '_self')
    if (!plain) return
    rememberPreviousPath()
    if (isBuildStale()) {
      e.preventDefault()
      window.location.assign(safe)
    }
  }

  return <Link href={safe} onClick={handleClick} {...rest} />
}
