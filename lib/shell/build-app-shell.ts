// The App-shell data of seed 000 §3 (GET /ajax/app_shell) with the session and company context.
import type { Principal } from '@/lib/auth/principal'
import { sessionStateValue } from '@/lib/auth/session'
import { buildNavItems } from '@/lib/routes/nav'
import { COMPANY_STATUS, DEACTIVATED_STATUSES, companyStatusLabel, isDisabledForShell } from './company-status'

/** Billing's part of the company flags (lib/billing/shell-billing-state.ts); absent = nothing to report. */
export interface ShellBilling {
  inFailedPaymentState: boolean
  scheduledForCancellation: boolean
  scheduledCancellationProducts: string[]
}

export function buildAppShell(
  p: Principal,
  flags: Record<string, boolean>,
  currentPath?: string,
  billing?: ShellBilling,
) {
  const has = (r: string) => p.resources.has(r)
  const status = p.company.status
  const isFree = p.company.planKey === 'free'
  return {
    allowedNavItems: {
      bfcmHub: has('bfcm_hub_read'),
      campaigns: has('campaigns_read'),
      dashboard: has('dashboard'),
      flows: has('flows_read'),
      forms: has('forms_read'),
    },
    company: {
      hasPaidEmailFeatures: !isFree,
      isCancelled: status === COMPANY_STATUS.CANCELLED,
      isDeactivated: DEACTIVATED_STATUSES.includes(status),
      isDisabled: isDisabledForShell(status),
      isInFailedPaymentState: billing?.inFailedPaymentState ?? false,
      isScheduledForCancellation:
        status === COMPANY_STATUS.SCHEDULED_FOR_CANCELLATION || (billing?.scheduledForCancellation ?? false),
      isSuspended: status === COMPANY_STATUS.SUSPENDED,
      localePreferences: { language: p.company.localeLanguage, region: p.company.localeRegion },
      status,
      statusInformation: status === COMPANY_STATUS.ACTIVE ? null : { label: companyStatusLabel(status) },
      name: p.company.name,
      scheduledCancellationProducts: billing?.scheduledCancellationProducts ?? ([] as string[]),
      upgradeEmailTab: isFree,
    },
    profile: {
      canSelfServeCancel: p.role === 'owner' && !p.staffAccess,
      canViewAccountInfoOrganizationResources: has('account_info_organization'),
      canViewAccountOverviewResources: has('account_settings_read'),
      canViewBillingWriteResources: has('billing_write'),
      canViewInAppMessage: !p.staffAccess,
      canViewProfileReadResources: has('profile_read'),
      isAuthenticated: true,
      isReadOnlySharedStaffUser: p.staffAccess,
      isStaff: p.user.isStaff,
      isStaffMasquerading: p.staffAccess,
      isTestAccount: p.company.isTestAccount,
      photoUrl: p.user.photoUrl,
    },
    showReactShell: true,
    showUpgradeButton: isFree && has('billing_write'),
    // SMS is not built yet (a later issue): never advertise it.
    showTrySmsButton: false,
    navItems: buildNavItems(p.resources, flags, currentPath),
    dataStatus: { placeholder: false as const },
    // Session and company context (seed 000 §3).
    companyId: p.company.id,
    companyName: p.company.name,
    companyTimezone: p.company.timezone,
    companyStatus: status,
    companySettingRelatedData: {
      isCmsEnabled: false,
      isFeedsEnabled: flags.feeds === true,
      isLocationAwareProductFeedsEnabled: false,
      isMfaRequired: p.company.mfaRequired,
      isVerified:
        status !== COMPANY_STATUS.DISABLED_FAILED_VERIFICATION &&
        status !== COMPANY_STATUS.DISABLED_REQUIRES_MANUAL_VERIFICATION,
    },
    isCompanyDisabledByCompliance: status === COMPANY_STATUS.DISABLED_BY_COMPLIANCE,
    landingPageUrl: '/dashboard',
    hasKlaviyoOneSupport: false,
    isTestAccount: p.company.isTestAccount,
    isInternalAccount: p.company.isInternalAccount,
    isPortfolio: false,
    avatarColor: p.company.avatarColor,
    isFavoriteAccount: p.isFavorite,
    sessionState: sessionStateValue(p),
  }
}

export type AppShellData = ReturnType<typeof buildAppShell>
