// The signed-in principal for server components and layouts, read once per request.
import 'server-only'
import { cache } from 'react'
import { cookies } from 'next/headers'
import { SESSION_COOKIE } from '@/lib/auth/config'
import { getPrincipal } from '@/lib/auth/session'

export const getCurrentPrincipal = cache(async () => {
  const store = await cookies()
  return getPrincipal(store.get(SESSION_COOKIE)?.value)
})
