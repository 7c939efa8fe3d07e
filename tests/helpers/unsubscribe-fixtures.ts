// Shared data for the unsubscribe and bounce tests: a marketing email really sent through the
// pipeline (the local outbox, no SMTP), so the Send row, its Message-ID and its links are the
// ones production makes.
import { db } from '@/lib/db/client'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { createSends } from '@/lib/messaging/create-sends'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { ulid } from '@/lib/ids/make-id'

export async function sentEmail(companyId: number, email: string, extra: Record<string, unknown> = {}) {
  const profileId = (await upsertProfile(companyId, { email, ...extra }, { mode: 'import' })).profile.id
  const sourceId = ulid()
  await createSends({
    companyId,
    channel: 'email',
    sourceType: 'campaign_message',
    sourceId,
    content: {
      subject: 'Spring sale',
      html: '<p>Hi</p><p><a href="{% unsubscribe %}">Unsubscribe</a> <a href="{% manage_preferences %}">Preferences</a></p>',
      fromEmail: 'news@shop.example.test',
      fromName: 'Shop',
    },
    recipients: [{ profileId }],
  })
  await runJobsUntilIdle()
  const send = await db.send.findFirstOrThrow({ where: { companyId, sourceId, profileId } })
  return { profileId, send }
}

export async function eventCount(companyId: number, profileId: string, metric: string): Promise<number> {
  return db.event.count({ where: { companyId, profileId, metric: { name: metric } } })
}

export async function activeSuppressions(companyId: number, profileId: string): Promise<string[]> {
  const rows = await db.suppression.findMany({
    where: { companyId, profileId, clearedAt: null },
    orderBy: { id: 'asc' },
  })
  return rows.map((r) => `${r.channel}:${r.reason}`)
}

export async function emailConsent(companyId: number, profileId: string) {
  return db.profileConsent.findFirst({
    where: { companyId, profileId, channel: 'email_marketing' },
    select: { status: true, method: true, source: true },
  })
}
