// The billing preferences: the auto-upgrade consents per channel (change-auto-upgrade-consent)
// and the billing email (email/update) the usage warnings and invoices go to. Consent changes
// are audited like plan changes (who turned it on decides who pays for the next tier).
import { db } from '@/lib/db/client'
import { getSubscription } from './subscription'

export async function changeAutoUpgradeConsent(
  companyId: number,
  userId: number,
  consent: { emailEnabled?: boolean; smsEnabled?: boolean },
  now = new Date(),
) {
  const before = await getSubscription(companyId, now)
  const data = {
    ...(consent.emailEnabled !== undefined ? { autoUpgradeEmail: consent.emailEnabled } : {}),
    ...(consent.smsEnabled !== undefined ? { autoUpgradeSms: consent.smsEnabled } : {}),
  }
  await db.$transaction([
    db.companySubscription.update({ where: { companyId }, data }),
    db.auditEntry.create({
      data: {
        companyId,
        userId,
        action: 'billing.auto_upgrade_consent_changed',
        details: JSON.stringify({
          from: { emailEnabled: before.autoUpgradeEmail, smsEnabled: before.autoUpgradeSms },
          to: {
            emailEnabled: consent.emailEnabled ?? before.autoUpgradeEmail,
            smsEnabled: consent.smsEnabled ?? before.autoUpgradeSms,
          },
        }),
      },
    }),
  ])
  return {
    emailEnabled: consent.emailEnabled ?? before.autoUpgradeEmail,
    smsEnabled: consent.smsEnabled ?? before.autoUpgradeSms,
  }
}

export async function updateBillingEmail(companyId: number, billingEmail: string, now = new Date()) {
  await getSubscription(companyId, now)
  await db.companySubscription.update({ where: { companyId }, data: { billingEmail } })
  return { billingEmail }
}
