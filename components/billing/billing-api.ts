// The billing screens' data: the /ajax/billing answers (types from their lib functions) read
// through SWR, one key per endpoint so a change on one screen refreshes the others.
import useSWR from 'swr'
import { http } from '@/lib/client/http'
import type {
  currentBillingPackage,
  companyUsage,
  accountUsageByDay,
  planManagementData,
} from '@/lib/billing/current-package'
import type { familyUsage } from '@/lib/billing/family-usage'
import type { InvoiceView } from '@/lib/billing/invoices'
import type { cancellationPreview } from '@/lib/billing/cancel-subscription'
import type { referralsOverview } from '@/lib/billing/referrals'
import type { Plan } from '@/lib/billing/plans'

export type BillingPackage = Awaited<ReturnType<typeof currentBillingPackage>>
export type CompanyUsage = Awaited<ReturnType<typeof companyUsage>>
export type UsageByDay = Awaited<ReturnType<typeof accountUsageByDay>>
export type PlanManagement = Awaited<ReturnType<typeof planManagementData>>
export type FamilyUsage = Awaited<ReturnType<typeof familyUsage>>
export type CancellationPreview = Awaited<ReturnType<typeof cancellationPreview>>
export type Referrals = Awaited<ReturnType<typeof referralsOverview>>
export type { InvoiceView, Plan }

export const BILLING = {
  package: '/ajax/billing/current-billing-package',
  usage: '/ajax/billing/company-usage',
  usageByDay: '/ajax/billing/account-usage',
  family: '/ajax/billing/family-usage',
  plans: '/ajax/billing/plan-management-data',
  invoices: '/ajax/billing/invoices',
  cancel: '/ajax/billing/cancel',
  referrals: '/ajax/billing/referrals',
  address: '/ajax/account/billing-address',
  companyInfo: '/ajax/account/billing-company-information',
} as const

const get = <T>(url: string) => http.get<T>(url).then((r) => r.data)

export function useBilling<T>(url: string | null) {
  return useSWR<T>(url, get)
}
