// Referral capture at sign-up (issue 26 §1, /referrals; here, beside the sign-up, so lib/auth imports nothing of lib/billing): the code a referral link carries
// (/register?ref=<code>) names the referrer's account. The row is written in the sign-up's own
// transaction, and Referral.referredCompanyId is unique, so a sign-up records at most one.
import type { Prisma } from '@/generated/prisma/client'
import { db } from '@/lib/db/client'

/** What a referral link may carry: the codes subscriptions make are 8 base64url characters. */
export const REFERRAL_CODE = /^[A-Za-z0-9_-]{4,64}$/

/** The referrer of a code, or null for a malformed or unknown one (ignored, never an error). */
export async function findReferrer(
  code: string | undefined | null,
): Promise<{ companyId: number; code: string } | null> {
  if (!code || !REFERRAL_CODE.test(code)) return null
  const sub = await db.companySubscription.findUnique({ where: { referralCode: code }, select: { companyId: true } })
  return sub ? { companyId: sub.companyId, code } : null
}

/** Records that `referredCompanyId` signed up through `referrer`; inside the sign-up's transaction. */
export async function recordReferral(
  tx: Prisma.TransactionClient,
  referrer: { companyId: number; code: string },
  referredCompanyId: number,
  now = new Date(),
): Promise<void> {
  // A company never refers itself (the code of the account being made cannot exist yet, but a
  // code read before the transaction could in principle name the same id).
  if (referrer.companyId === referredCompanyId) return
  await tx.referral.createMany({
    data: [{ companyId: referrer.companyId, code: referrer.code, referredCompanyId, createdAt: now }],
  })
}
