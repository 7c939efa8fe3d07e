// The account's status and plan as a merchant reads them ("Active", "Email Pro"), never the
// internal values (status 0 / "ACTIVE", plan key "email-pro").
import { useTranslations } from 'next-intl'
import { Badge } from '@/components/ui/badge'
import { COMPANY_STATUS, companyStatusLabel, type CompanyStatusName } from '@/lib/shell/company-status'
import { planLabel } from '@/lib/shell/build-authorization'

const KNOWN_PLANS = ['free', 'email', 'email-pro', 'email-sms'] as const
type KnownPlan = (typeof KNOWN_PLANS)[number]
const isKnownPlan = (key: string): key is KnownPlan => (KNOWN_PLANS as readonly string[]).includes(key)

const STATUS_MESSAGE = {
  ACTIVE: 'active',
  DISABLED: 'disabled',
  SUSPENDED: 'suspended',
  DISABLED_FAILED_VERIFICATION: 'failedVerification',
  DISABLED_REQUIRES_MANUAL_VERIFICATION: 'manualVerification',
  DISABLED_REACHED_FLAG_LIMIT: 'flagLimit',
  DISABLED_BY_COMPLIANCE: 'compliance',
  CANCELLED: 'cancelled',
  SCHEDULED_FOR_CANCELLATION: 'cancellationScheduled',
  UNKNOWN: 'unknown',
} as const satisfies Record<CompanyStatusName | 'UNKNOWN', string>

export function AccountStatusBadge({ status }: { status: number }) {
  const t = useTranslations('dashboard.statuses')
  return (
    <Badge variant={status === COMPANY_STATUS.ACTIVE ? 'success' : 'warning'}>
      {t(STATUS_MESSAGE[companyStatusLabel(status)])}
    </Badge>
  )
}

export function PlanName({ planKey }: { planKey: string }) {
  const t = useTranslations('dashboard.plans')
  return <>{isKnownPlan(planKey) ? t(planKey) : planLabel(planKey)}</>
}
