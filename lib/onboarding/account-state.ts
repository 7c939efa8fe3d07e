// What the account has really set up, read from its rows, for the get-started list and the
// /onboarding checklist (lib/guides/account-progress.ts counts the shared parts).
import { db } from '@/lib/db/client'
import { accountProgress } from '@/lib/guides/account-progress'

export async function readAccountState(companyId: number, now: Date) {
  const [progress, company, setup, campaignsSent, campaignsStarted, storeConnections, smsSettings, smsSubscribers] =
    await Promise.all([
      accountProgress(companyId, now),
      db.company.findUnique({ where: { id: companyId }, select: { logoUrl: true } }),
      db.accountSetup.findUnique({ where: { companyId }, select: { answers: true, completedAt: true } }),
      db.campaign.count({ where: { companyId, sentAt: { not: null } } }),
      db.campaign.count({ where: { companyId, status: { not: 'Draft' } } }),
      db.integration.count({
        where: { companyId, key: { in: ['shopify', 'woocommerce'] }, status: { not: 'disconnected' } },
      }),
      db.smsSettings.findUnique({ where: { companyId }, select: { accountSid: true } }),
      db.profileConsent.count({ where: { companyId, channel: 'sms', status: 'subscribed' } }),
    ])
  const liveFlowIds = (
    await db.flow.findMany({ where: { companyId, status: 2, archived: false }, select: { id: true } })
  ).map((f) => f.id)
  const smsInFlows = liveFlowIds.length
    ? await db.flowAction.count({ where: { companyId, flowId: { in: liveFlowIds }, actionType: 'send-sms' } })
    : 0
  let platformConfirmed = false
  try {
    platformConfirmed = !!JSON.parse(setup?.answers ?? '{}')?.platform
  } catch {}
  return {
    ...progress,
    campaignsSent,
    campaignsStarted,
    storeConnected: storeConnections > 0,
    platformConfirmed: platformConfirmed || storeConnections > 0,
    branded: !!company?.logoUrl,
    smsConfigured: !!smsSettings?.accountSid,
    smsSubscribers,
    smsInFlows: smsInFlows > 0,
    setupCompleted: !!setup?.completedAt,
  }
}
export type AccountState = Awaited<ReturnType<typeof readAccountState>>
