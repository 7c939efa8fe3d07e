// The Authorization data of seed 000 §3 for GET /ajax/authorization.
import type { Principal } from '@/lib/auth/principal'
import { companyStatusLabel } from './company-status'

/** "email-pro" → "Email Pro": the plan keys are ours, their labels follow from them. */
export function planLabel(planKey: string): string {
  return (
    planKey
      .split(/[-_\s]+/)
      .filter(Boolean)
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join(' ') || 'Free'
  )
}

export function buildAuthorization(p: Principal) {
  return {
    company: p.company.id,
    companyName: p.company.name,
    companyStatus: p.company.status,
    companyStatusLabel: companyStatusLabel(p.company.status),
    companyPlanKey: p.company.planKey,
    companyAccountManager: null,
    isEmailConfirmed: p.user.emailConfirmed,
    role: p.role,
    email: p.user.email,
    firstName: p.user.firstName,
    lastName: p.user.lastName,
    userProfileId: p.user.id,
    planLabel: planLabel(p.company.planKey),
    signUpIntent: 'Free',
    isMasquerade: p.staffAccess,
    lastLoginInfo: { at: p.user.lastLoginAt?.toISOString() ?? null, ip: p.user.lastLoginIp },
    staffResources: [...p.staffResources].sort(),
    resources: [...p.resources].sort(),
  }
}

export type AuthorizationData = ReturnType<typeof buildAuthorization>
