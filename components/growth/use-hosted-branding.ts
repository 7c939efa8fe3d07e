'use client'
// The hosted-pages branding and the company's name and logo, for the editors' previews; users
// who may not read the settings see the defaults, which is what the server uses for them too.
import useSWR from 'swr'
import { http } from '@/lib/client/http'
import { HOSTED_PAGES_DEFAULTS, type HostedPagesSettings } from '@/lib/hosted-pages/style'

export const HOSTED_PAGES_KEY = '/ajax/growth/hosted-pages'
export type HostedPagesAnswer = {
  settings: HostedPagesSettings
  company: { name: string; logoUrl: string | null; avatarColor: string } | null
}

export function useHostedBranding() {
  const { data } = useSWR(HOSTED_PAGES_KEY, (url: string) => http.get<HostedPagesAnswer>(url).then((r) => r.data), {
    shouldRetryOnError: false,
  })
  return { settings: data?.settings ?? HOSTED_PAGES_DEFAULTS, company: data?.company ?? null }
}
