// Company status values of seed 000 §3, and the pair the shell treats as disabled.
export const COMPANY_STATUS = {
  ACTIVE: 0,
  DISABLED: 1,
  SUSPENDED: 2,
  DISABLED_FAILED_VERIFICATION: 3,
  DISABLED_REQUIRES_MANUAL_VERIFICATION: 4,
  DISABLED_REACHED_FLAG_LIMIT: 5,
  DISABLED_BY_COMPLIANCE: 6,
  CANCELLED: 7,
  SCHEDULED_FOR_CANCELLATION: 8,
} as const

export type CompanyStatusName = keyof typeof COMPANY_STATUS

const NAMES = Object.fromEntries(Object.entries(COMPANY_STATUS).map(([k, v]) => [v, k])) as Record<
  number,
  CompanyStatusName
>

export function companyStatusLabel(status: number): CompanyStatusName | 'UNKNOWN' {
  return NAMES[status] ?? 'UNKNOWN'
}

/** seed 000 §3: disabled by compliance and disabled failed verification. */
export const SHELL_DISABLED_STATUSES: readonly number[] = [
  COMPANY_STATUS.DISABLED_BY_COMPLIANCE,
  COMPANY_STATUS.DISABLED_FAILED_VERIFICATION,
]

export const isDisabledForShell = (status: number) => SHELL_DISABLED_STATUSES.includes(status)

/** Every "disabled" status, for the app-shell's isDeactivated flag. */
export const DEACTIVATED_STATUSES: readonly number[] = [
  COMPANY_STATUS.DISABLED,
  COMPANY_STATUS.DISABLED_FAILED_VERIFICATION,
  COMPANY_STATUS.DISABLED_REQUIRES_MANUAL_VERIFICATION,
  COMPANY_STATUS.DISABLED_REACHED_FLAG_LIMIT,
  COMPANY_STATUS.DISABLED_BY_COMPLIANCE,
]
