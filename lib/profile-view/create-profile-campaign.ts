// A one-off campaign to one profile (/profile/{id}/campaigns/create). A campaign's audience is
// made of lists, so the profile is put alone in a new list named after the campaign, and the
// Draft campaign is created through lib/campaigns with that list as its only audience; the
// merchant then writes and sends it in the campaign wizard like any other.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { createCampaign } from '@/lib/campaigns/store'
import { createList } from '@/lib/groups/create-list'
import { enterGroupOps } from '@/lib/segments/apply-membership'
import { inWriteTx } from '@/lib/db/ops'
import { nowDate } from '@/lib/segments/clock'
import { reevaluateProfiles } from '@/lib/segments/reevaluate-profiles'

export const profileCampaignBody = z.object({
  name: z.string().trim().min(1, 'Enter a name.').max(200),
  channel: z.enum(['email', 'sms'], { error: 'Choose email or SMS.' }),
})
export type ProfileCampaignInput = z.infer<typeof profileCampaignBody>

export async function createProfileCampaign(
  companyId: number,
  profileId: string,
  input: ProfileCampaignInput,
  userId?: number,
): Promise<{ campaignId: string; listId: string }> {
  const p = await db.profile.findFirst({
    where: { id: profileId, companyId },
    select: { id: true, email: true, phoneNumber: true },
  })
  if (!p) throw notFound('Profile not found.')
  if (input.channel === 'email' && !p.email)
    throw badRequest('This profile has no email address.', { channel: ['This profile has no email address.'] })
  if (input.channel === 'sms' && !p.phoneNumber)
    throw badRequest('This profile has no phone number.', { channel: ['This profile has no phone number.'] })
  const list = await createList(companyId, { name: `${input.name} (1 recipient)`.slice(0, 255), tags: ['one-off'] })
  await inWriteTx(function* () {
    yield* enterGroupOps(companyId, list.id, [p.id], nowDate(), 'one-off campaign')
  })
  // Flows and segments that react to list joins see this one like any other.
  await reevaluateProfiles(companyId, [p.id], { listIds: [list.id] })
  const campaign = await createCampaign(
    companyId,
    { name: input.name, channel: input.channel, audiences: { included: [list.id], excluded: [] } },
    { userId: userId ?? null },
  )
  return { campaignId: campaign.id, listId: list.id }
}
