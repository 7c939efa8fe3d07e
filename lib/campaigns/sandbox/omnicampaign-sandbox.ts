// /sandbox-omnicampaigns/{id}: the test bench of an omnichannel campaign. It works on the
// omnicampaign's own campaigns (nothing is copied: a test send reads the content as it is now) and
// sends only to the account's test recipients (settings → testing) or its team's addresses; each
// test is a preview Send, which the reports and the campaign's recipients never count.
import { db } from '@/lib/db/client'
import { getOmnicampaign } from '../omnicampaigns'

export interface SandboxChannel {
  campaignId: string
  name: string
  channel: string
  status: string
  /** The email template a test renders; null when the channel or the campaign has none to test. */
  templateId: string | null
  subject: string | null
}

export interface OmnicampaignSandbox {
  id: string
  name: string
  channels: SandboxChannel[]
  /** Where a test may go: the account's test addresses, then its team's. */
  recipients: { email: string; source: 'test_recipient' | 'team' }[]
}

const subjectOf = (content: string): string | null => {
  try {
    const c = JSON.parse(content) as { subject?: unknown }
    return typeof c.subject === 'string' && c.subject.trim() ? c.subject : null
  } catch {
    return null
  }
}

/** The addresses a sandbox test may be sent to, lower-cased and without repeats. */
export async function sandboxRecipients(companyId: number): Promise<OmnicampaignSandbox['recipients']> {
  const [tests, members] = await Promise.all([
    db.testRecipient.findMany({ where: { companyId, kind: 'email' }, orderBy: { id: 'asc' }, select: { value: true } }),
    db.membership.findMany({
      where: { companyId },
      orderBy: { id: 'asc' },
      select: { user: { select: { email: true } } },
    }),
  ])
  const seen = new Set<string>()
  const out: OmnicampaignSandbox['recipients'] = []
  const add = (email: string, source: 'test_recipient' | 'team') => {
    const e = email.trim().toLowerCase()
    if (!e || seen.has(e)) return
    seen.add(e)
    out.push({ email: e, source })
  }
  for (const t of tests) add(t.value, 'test_recipient')
  for (const m of members) add(m.user.email, 'team')
  return out
}

export async function getOmnicampaignSandbox(companyId: number, omnicampaignId: string): Promise<OmnicampaignSandbox> {
  const omni = await getOmnicampaign(companyId, omnicampaignId)
  const ids = omni.campaigns.map((c) => c.id)
  const messages = await db.campaignMessage.findMany({
    where: { companyId, campaignId: { in: ids } },
    orderBy: { createdAt: 'asc' },
    select: { campaignId: true, channel: true, templateId: true, content: true },
  })
  const channels = omni.campaigns.map((c): SandboxChannel => {
    const m = messages.find((x) => x.campaignId === c.id)
    const email = c.channel === 'email' && m?.channel === 'email'
    return {
      campaignId: c.id,
      name: c.name,
      channel: c.channel,
      status: c.status,
      templateId: email ? (m?.templateId ?? null) : null,
      subject: m ? subjectOf(m.content) : null,
    }
  })
  return { id: omni.id, name: omni.name, channels, recipients: await sandboxRecipients(companyId) }
}
