// The demo's sent campaigns: each planned campaign (message-calendar.ts) is created through the
// campaign store with its message and a copy of the newsletter template, then marked Sent at
// its time with its recipient list fixed: everyone who could be mailed then (SMS: who had SMS
// consent), released at once, one Send each. The subject-line test sends its two variations to
// a fifth of the audience and the winner, chosen four hours later, to the rest.
import { db } from '@/lib/db/client'
import { createCampaign, setVariations } from '@/lib/campaigns/store'
import { createTemplate } from '@/lib/templates/store/save-template'
import { DAY_MS } from './calendar'
import { planCampaigns } from './message-calendar'
import { seededUlid, type Rng } from './prng'
import type { SimSend } from './simulate-engagement'
import type { SeedWorld } from './message-world'

export interface DemoRecipient {
  campaignId: string
  profile: number
  messageId: string
  variationId: string | null
  cohort: string
  atMs: number
  sendId: string
}

const NEWSLETTER_HTML = `<!DOCTYPE html><html><body style="margin:0;background:#f4f4f5;font-family:Helvetica,Arial,sans-serif;color:#18181b">
<table role="presentation" width="100%"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" style="max-width:600px;width:100%;background:#fff;border-radius:8px"><tr><td style="padding:24px 32px">
<h1 style="font-size:22px">Hi {{ first_name|default:'there' }},</h1>
<p>Here is what is new at {{ organization.name }} this week.</p>
<p style="text-align:center"><a href="{{ organization.url }}" style="display:inline-block;padding:12px 24px;background:#18181b;color:#fff;text-decoration:none;border-radius:6px">Shop now</a></p>
</td></tr><tr><td style="padding:16px 32px;font-size:12px;color:#71717a;text-align:center">{{ organization.name }} · {% organization_address %}<br>
<a href="{% unsubscribe_link %}" style="color:#71717a">Unsubscribe</a></td></tr></table></td></tr></table></body></html>`

export async function seedDemoCampaigns(
  companyId: number,
  w: SeedWorld,
  o: { rng: Rng; idRng: Rng; startMs: number; nowMs: number; storeUrl: string },
) {
  const company = await db.company.findFirstOrThrow({
    where: { id: companyId },
    select: { timezone: true, name: true },
  })
  const newsletterList = w.listId('Newsletter')
  const template = await createTemplate(companyId, { name: 'Newsletter', editorType: 'CODE', html: NEWSLETTER_HTML })
  const from = { from_email: `hello@${new URL(o.storeUrl).hostname}`, from_label: company.name }
  const sends: SimSend[] = []
  const recipients: DemoRecipient[] = []
  const abCampaignIds: string[] = []
  const plans = planCampaigns(o.rng, { startMs: o.startMs, nowMs: o.nowMs, timeZone: company.timezone || 'UTC' })
  for (const c of plans) {
    const email = c.channel === 'email'
    const detail = await createCampaign(companyId, {
      name: c.name,
      channel: c.channel,
      audiences: { included: newsletterList ? [newsletterList] : [], excluded: [] },
      messages: [
        email
          ? { content: { subject: c.subject, preview_text: c.previewText, ...from }, templateId: template.id }
          : { content: { body: c.body } },
      ],
    })
    const messageId = detail.messages[0]!.id
    const audience: number[] = []
    for (let p = 0; p < w.profileCount; p++)
      if (email ? w.mailable(p, c.atMs) : w.smsMailable(p, c.atMs)) audience.push(p)

    let variations: Array<{ id: string; subject: string }> = []
    let winner: { id: string; subject: string } | null = null
    if (c.abSubject) {
      const set = await setVariations(companyId, detail.id, {
        abTest: { variable: 'subject', testPercent: 20, metric: 'open_rate', windowHours: 4 },
        variations: [
          { messageId, name: 'Variation A', weight: 50, content: { subject: c.subject } },
          { messageId, name: 'Variation B', weight: 50, content: { subject: c.abSubject } },
        ],
      })
      variations = set.variations.map((v) => ({
        id: v.id,
        subject: String((v.content as { subject?: string }).subject ?? c.subject),
      }))
      winner = variations[1]!
      abCampaignIds.push(detail.id)
    }
    let last = c.atMs
    for (const p of audience) {
      let atMs = c.atMs + o.rng.int(0, 600) * 1000
      let variation: { id: string; subject: string } | null = null
      let cohort = 'all'
      if (variations.length) {
        if (o.rng.chance(0.2)) {
          variation = o.rng.pick(variations)
          cohort = 'ab_test'
        } else {
          variation = winner
          cohort = 'winner'
          atMs += 4 * 3_600_000
        }
      }
      if (atMs > o.nowMs) continue
      last = Math.max(last, atMs)
      const id = seededUlid(o.idRng, atMs)
      // The winning subject line pulls clearly harder: that is why the test found it (at the
      // test's size, a small lift would not reach the 90 % confidence the report checks).
      const pull = c.pull * (variation && variation === winner ? 1.6 : 1)
      sends.push({
        id,
        profile: p,
        channel: c.channel,
        sourceType: 'campaign_message',
        sourceId: messageId,
        subject: email ? (variation?.subject ?? c.subject) : (c.body ?? null),
        atMs,
        pull,
      })
      recipients.push({
        campaignId: detail.id,
        profile: p,
        messageId,
        variationId: variation?.id ?? null,
        cohort,
        atMs,
        sendId: id,
      })
    }
    const created = new Date(c.atMs - 3 * DAY_MS)
    const abTest = winner
      ? JSON.stringify({
          variable: 'subject',
          testPercent: 20,
          metric: 'open_rate',
          windowHours: 4,
          winnerVariationId: winner.id,
          decidedBy: 'automatic',
          decidedAt: new Date(c.atMs + 4 * 3_600_000).toISOString(),
          windowEndsAt: new Date(c.atMs + 4 * 3_600_000).toISOString(),
        })
      : undefined
    await db.campaign.updateMany({
      where: { companyId, id: detail.id },
      data: {
        status: 'Sent',
        scheduledAt: new Date(c.atMs),
        sendStartedAt: new Date(c.atMs),
        sentAt: new Date(last),
        createdAt: created,
        updatedAt: new Date(last),
        sendStrategy: JSON.stringify({ method: 'static', datetime: new Date(c.atMs).toISOString() }),
        ...(abTest ? { abTest } : {}),
      },
    })
  }
  return { count: plans.length, sends, recipients, abCampaignIds }
}
