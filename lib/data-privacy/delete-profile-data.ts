// Erasing a person (a data privacy deletion): the profile and everything recorded of it, in
// one transaction, so a crash leaves the person either whole or gone. The figures kept are the
// ones that name nobody: a metric's and a campaign's totals stored apart from the person's rows
// are not recounted. Coupon codes given to the person stay used but belong to no one.
import { kysely } from '@/lib/db/kysely'
import { exec, inWriteTx, select, type Ops } from '@/lib/db/ops'
import { refreshMemberCountOps } from '@/lib/profiles/list-membership-sync'
import { findProfileIdOps } from '@/lib/profiles/profile-store'
import { personAttachmentFilesOps, removeAttachmentFiles } from '@/lib/inbox/attachments-erase'

// The tables that carry a profile id, children before parents.
const BY_PROFILE = [
  'MessageEventIndex',
  'EventAttribution',
  'Event',
  'GroupMembershipChange',
  'GroupMembership',
  'ProfileConsent',
  'Suppression',
  'PushToken',
  'CampaignRecipient',
  'FlowStep',
  'BackInStockWait',
  'FlowRun',
  'BackInStockSubscription',
  'FlowWebhookDelivery',
  'EmailDeliveryReport',
] as const

export function* deleteProfileDataOps(companyId: number, profileId: string): Ops<string[]> {
  const k = kysely()
  const profile = (yield* select(
    k.selectFrom('Profile').select(['id', 'email']).where('companyId', '=', companyId).where('id', '=', profileId),
  ))[0]
  if (!profile) return []
  const groups = (yield* select(
    k
      .selectFrom('GroupMembership')
      .select('groupId')
      .distinct()
      .where('companyId', '=', companyId)
      .where('profileId', '=', profileId),
  )).map((r) => r.groupId)
  // The mails written to the person (kept while no SMTP server is set) carry the address and content.
  yield* exec(
    k
      .deleteFrom('OutboxMail')
      .where('companyId', '=', companyId)
      .where('sendId', 'in', (eb) =>
        eb
          .selectFrom('Send')
          .select('Send.id')
          .where('Send.companyId', '=', companyId)
          .where('Send.profileId', '=', profileId),
      ),
  )
  if (profile.email)
    yield* exec(k.deleteFrom('OutboxMail').where('companyId', '=', companyId).where('to', '=', profile.email))
  yield* exec(k.deleteFrom('Send').where('companyId', '=', companyId).where('profileId', '=', profileId))
  // The person's inbox conversations: their messages go with them (the foreign key cascades) and
  // the inbox search's triggers drop the indexed text.
  yield* exec(k.deleteFrom('Conversation').where('companyId', '=', companyId).where('profileId', '=', profileId))
  for (const table of BY_PROFILE)
    yield* exec(k.deleteFrom(table).where('companyId', '=', companyId).where('profileId', '=', profileId))
  yield* exec(
    k
      .updateTable('CouponCode')
      .set({ profileId: null })
      .where('companyId', '=', companyId)
      .where('profileId', '=', profileId),
  )
  yield* exec(k.deleteFrom('Profile').where('companyId', '=', companyId).where('id', '=', profileId))
  for (const g of groups) yield* refreshMemberCountOps(g)
  return groups
}

export type DeletionTarget = { id: string } | { email: string } | { phoneNumber: string }

/** Deletes the company's profile the identifier names; returns how many (0 or 1). Idempotent. */
export async function deleteProfilesBy(companyId: number, target: DeletionTarget): Promise<number> {
  let files: string[] = []
  const n = await inWriteTx(function* () {
    const [field, value] =
      'id' in target
        ? ['id' as const, target.id]
        : 'email' in target
          ? ['email' as const, target.email]
          : ['phoneNumber' as const, target.phoneNumber]
    const id = yield* findProfileIdOps(companyId, field, value)
    if (!id) return 0
    files = yield* personAttachmentFilesOps(companyId, id)
    // Member counts were refreshed in the transaction; no segment can change for a person who is gone.
    yield* deleteProfileDataOps(companyId, id)
    return 1
  })
  // The inbox attachments' files, once the rows that named them are gone.
  await removeAttachmentFiles(companyId, files)
  return n
}
