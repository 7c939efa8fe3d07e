// /sso/check-email: which sign-in an address uses. Decided by its domain alone, so the answer
// says nothing about whether a user with that address exists.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { ssoAccountForEmail } from './sso-config'

export const checkEmailBody = z.object({
  email: z.string().trim().toLowerCase().email('Enter a valid email address.').max(254),
})

export async function checkEmail(email: string) {
  const companyId = await ssoAccountForEmail(email)
  if (!companyId) return { loginType: 'password' as const, passwordAllowed: true }
  const cfg = await db.ssoConfig.findUnique({ where: { companyId }, select: { enforced: true, loginType: true } })
  return {
    loginType: cfg?.loginType === 'oidc' ? ('oidc' as const) : ('saml' as const),
    passwordAllowed: !cfg?.enforced,
    redirect: `/sso/login?email=${encodeURIComponent(email)}`,
  }
}
