// A sandbox test of one email campaign of an omnicampaign: rendered with a chosen profile's data
// (or a sample) and sent to one allowed test address as a preview Send, so it reaches no customer
// and no report, recipient list or campaign status ever counts it.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { sendTemplatePreview } from '@/lib/messaging/send-template-preview'
import { getOmnicampaignSandbox, sandboxRecipients } from './omnicampaign-sandbox'

export const sandboxTestBody = z.object({
  campaignId: z.string().trim().min(1).max(64),
  email: z.string().trim().min(1, 'Choose a test address.').max(254),
  profileId: z.string().trim().min(1).max(64).nullish(),
})
export type SandboxTestInput = z.infer<typeof sandboxTestBody>

export async function sendSandboxTest(companyId: number, omnicampaignId: string, input: SandboxTestInput) {
  const sandbox = await getOmnicampaignSandbox(companyId, omnicampaignId)
  const channel = sandbox.channels.find((c) => c.campaignId === input.campaignId)
  if (!channel) throw notFound(`Campaign ${input.campaignId} is not part of this omnichannel campaign.`)
  if (!channel.templateId)
    throw badRequest('Only an email campaign with content can be tested in the sandbox.', {
      campaign_id: ['Only an email campaign with content can be tested in the sandbox.'],
    })
  const email = input.email.toLowerCase()
  const allowed = (await sandboxRecipients(companyId)).some((r) => r.email === email)
  if (!allowed)
    throw badRequest('Tests go only to the account’s test recipients and team.', {
      email: ['Send tests only to a test recipient or a team member.'],
    })
  if (input.profileId) {
    const p = await db.profile.findFirst({ where: { companyId, id: input.profileId }, select: { id: true } })
    if (!p) throw badRequest('Choose a profile of this account.', { profile_id: ['This profile was not found.'] })
  }
  const sent = await sendTemplatePreview(companyId, channel.templateId, {
    email,
    profileId: input.profileId ?? null,
    subject: `[Test] ${channel.subject ?? channel.name}`,
  })
  return { test: { ...sent, campaignId: channel.campaignId } }
}
