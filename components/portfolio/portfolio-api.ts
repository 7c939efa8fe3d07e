'use client'
// The portfolio screens' data: the user's portfolios (the current one is ?portfolio=<id>, else
// the first), fetched as sent (keys are ours and camelCase already; currency codes are keys).
import useSWR from 'swr'
import { http } from '@/lib/client/http'
import { getJsonAsIs } from '@/components/lists/fetcher'
import { SWITCH_COMPANY_URL } from '@/components/shell/account-switcher'

export interface PortfolioSummary {
  id: number
  name: string
}
export interface MemberAccount {
  companyId: number
  name: string
  role: string
}

export const PORTFOLIOS_URL = '/ajax/portfolio'

export function usePortfolios() {
  return useSWR(PORTFOLIOS_URL, getJsonAsIs<{ portfolios: PortfolioSummary[]; memberAccounts: MemberAccount[] }>)
}

/** The current portfolio (the page's ?portfolio=, else the first one), or null while none. */
export function useCurrentPortfolio(wanted?: number) {
  const list = usePortfolios()
  const all = list.data?.portfolios ?? []
  const current = all.find((p) => p.id === wanted) ?? all[0] ?? null
  return { list, current, all }
}

export const portfolioUrl = (id: number, rest = '') => `/ajax/portfolio/${id}${rest}`

export function usePortfolioData<T>(id: number | null | undefined, rest: string) {
  return useSWR(id ? portfolioUrl(id, rest) : null, getJsonAsIs<T>)
}

export const send = {
  post: <T>(url: string, body: unknown) => http.post<T>(url, body, { transformKeys: false }).then((r) => r.data),
  put: <T>(url: string, body: unknown) => http.put<T>(url, body, { transformKeys: false }).then((r) => r.data),
  delete: <T>(url: string) => http.delete<T>(url, { transformKeys: false }).then((r) => r.data),
}

/** Opens a page of another account: the session moves to it first (as the account switcher does). */
export async function openInAccount(companyId: number, href: string) {
  const res = await http.post<{ redirect?: string }>(SWITCH_COMPANY_URL, { companyId })
  const redirect = res?.data?.redirect
  // The account may require two-factor set-up first: that page wins over the one asked for.
  window.location.assign(redirect && redirect !== '/dashboard' ? redirect : href)
}
