// Test data for the campaign send engine: a company with a list, profiles inserted in bulk, an
// email template and a campaign (message, variations) written as the API would store them.
import { randomBytes } from 'node:crypto'
import { db } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { exec, inWriteTx } from '@/lib/db/ops'
import { ulid } from '@/lib/ids/make-id'
import { makeCompany } from './factory'

export async function company(timezone = 'UTC') {
  const c = await makeCompany()
  if (timezone !== 'UTC') await db.company.update({ where: { id: c.id }, data: { timezone } })
  return c.id
}

export async function list(companyId: number, name = 'List ' + randomBytes(2).toString('hex')) {
  const id = 'L' + randomBytes(5).toString('hex')
  await db.group.create({ data: { id, companyId, name } })
  return id
}

export interface ProfileSpec {
  email?: string | null
  phoneNumber?: string | null
  timezone?: string | null
}

/** Inserts profiles (in bulk) and adds them to the lists; returns their ids in order. */
export async function profiles(
  companyId: number,
  n: number,
  lists: string[] = [],
  spec: (i: number) => ProfileSpec = () => ({}),
): Promise<string[]> {
  const now = new Date()
  const tag = randomBytes(3).toString('hex')
  const rows = Array.from({ length: n }, (_, i) => {
    const s = spec(i)
    return {
      id: ulid() + String(i).padStart(6, '0').slice(-6),
      companyId,
      email: s.email === undefined ? `p${i}-${tag}@x.test` : s.email,
      phoneNumber: s.phoneNumber ?? null,
      timezone: s.timezone ?? null,
      properties: '{}',
      createdAt: now,
      updatedAt: now,
    }
  })
  const CH = 500
  await inWriteTx(function* () {
    for (let i = 0; i < rows.length; i += CH)
      yield* exec(
        kysely()
          .insertInto('Profile')
          .values(rows.slice(i, i + CH)),
      )
    for (const g of lists) {
      for (let i = 0; i < rows.length; i += CH) {
        yield* exec(
          kysely()
            .insertInto('GroupMembership')
            .values(rows.slice(i, i + CH).map((r) => ({ companyId, groupId: g, profileId: r.id, enteredAt: now }))),
        )
      }
    }
  })
  return rows.map((r) => r.id)
}

export async function template(companyId: number, html = '<p>Hello {{ email }}</p>') {
  const id = 'T' + randomBytes(5).toString('hex')
  await db.template.create({
    data: { id, companyId, name: 'T', editorType: 'CODE', html, compiledHtml: html, compiledText: 'Hello' },
  })
  return id
}

export interface CampaignSpec {
  included: string[]
  excluded?: string[]
  strategy?: Record<string, unknown>
  templateId?: string | null
  subject?: string
  channel?: string
  abTest?: Record<string, unknown> | null
  variations?: Array<{ name: string; weight?: number; content?: Record<string, unknown>; templateId?: string }>
  holdoutPercent?: number
  lateWindowHours?: number | null
  sendOptions?: Record<string, unknown>
}

export async function campaign(companyId: number, s: CampaignSpec) {
  const id = ulid()
  const messageId = ulid()
  const channel = s.channel ?? 'email'
  await db.campaign.create({
    data: {
      id,
      companyId,
      name: 'Campaign ' + id.slice(-4),
      channel,
      audiences: JSON.stringify({ included: s.included, excluded: s.excluded ?? [] }),
      sendStrategy: JSON.stringify(s.strategy ?? { method: 'immediate' }),
      abTest: s.abTest ? JSON.stringify(s.abTest) : null,
      holdoutPercent: s.holdoutPercent ?? 0,
      lateWindowHours: s.lateWindowHours ?? null,
      ...(s.sendOptions ? { sendOptions: JSON.stringify(s.sendOptions) } : {}),
    },
  })
  const content =
    channel === 'email'
      ? { subject: s.subject ?? 'Big sale', from_email: 'news@shop.test', from_label: 'Shop' }
      : { body: 'Big sale' }
  await db.campaignMessage.create({
    data: {
      id: messageId,
      companyId,
      campaignId: id,
      channel,
      content: JSON.stringify(content),
      templateId: s.templateId === undefined ? null : s.templateId,
    },
  })
  const variationIds: string[] = []
  for (const [i, v] of (s.variations ?? []).entries()) {
    const vid = ulid() + i
    variationIds.push(vid)
    await db.campaignVariation.create({
      data: {
        id: vid,
        companyId,
        campaignId: id,
        messageId,
        name: v.name,
        weight: v.weight ?? 50,
        content: JSON.stringify(v.content ?? {}),
        templateId: v.templateId ?? null,
        createdAt: new Date(Date.now() + i),
      },
    })
  }
  return { id, messageId, variationIds }
}

export async function metric(companyId: number, name: string) {
  const existing = await db.metric.findFirst({ where: { companyId, name } })
  if (existing) return existing.id
  const id = 'M' + randomBytes(5).toString('hex')
  await db.metric.create({ data: { id, companyId, name } })
  return id
}

export async function event(
  companyId: number,
  profileId: string,
  metricName: string,
  at: Date,
  properties: Record<string, unknown> = {},
  value: number | null = null,
) {
  const metricId = await metric(companyId, metricName)
  return db.event.create({
    data: {
      companyId,
      profileId,
      metricId,
      ts: Math.floor(at.getTime() / 1000),
      properties: JSON.stringify(properties),
      value,
    },
  })
}
