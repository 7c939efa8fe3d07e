// The inbox settings (issue 25 §1) by section, as the screens save them: general
// (auto-close, the name automatic answers sign with), inbound messages (which channels and SMS
// numbers feed the inbox), the away message with the business hours, FAQ auto-answer, and the
// onboarding. Each section is validated and saved on its own; unsent sections keep their values.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import { businessHoursSchema, parseBusinessHours, type BusinessHours } from './business-hours'
import { replyText } from './reply-text'
import { forgetRules } from './load-rules'

export const INBOX_CHANNELS = ['sms', 'whatsapp', 'email', 'chat'] as const
const E164 = /^\+[1-9]\d{6,14}$/

export const inboxSettingsSections = {
  general: z.object({
    autoCloseDays: z.coerce
      .number()
      .int('Enter a whole number.')
      .min(0, 'Enter 0 or more.')
      .max(365, 'Enter at most 365.'),
    botName: z.string().trim().max(60, 'Use at most 60 characters.').default(''),
  }),
  'inbound-messages': z.object({
    channels: z.array(z.enum(INBOX_CHANNELS)).max(4),
    inboundNumbers: z
      .array(z.string().trim().regex(E164, 'Use the E.164 format, e.g. +15005550006.'))
      .max(50)
      .default([]),
  }),
  'away-message': z
    .object({
      awayEnabled: z.boolean(),
      awayText: z.string().trim().max(1000, 'Use at most 1,000 characters.').default(''),
      businessHours: businessHoursSchema,
    })
    .superRefine((v, ctx) => {
      if (!v.awayEnabled && !v.awayText) return
      const r = replyText('Enter the away message.').safeParse(v.awayText)
      if (!r.success) ctx.addIssue({ code: 'custom', path: ['awayText'], message: r.error.issues[0]!.message })
    }),
  faq: z.object({ faqAutoAnswer: z.boolean() }),
  onboarding: z.object({ completed: z.literal(true) }),
} as const
export type InboxSettingsSection = keyof typeof inboxSettingsSections
export const isInboxSettingsSection = (s: string): s is InboxSettingsSection => s in inboxSettingsSections

export interface InboxSettingsView {
  businessHours: BusinessHours
  awayEnabled: boolean
  awayText: string
  faqAutoAnswer: boolean
  channels: string[]
  inboundNumbers: string[]
  /** The company's SMS numbers, to choose from. */
  smsNumbers: string[]
  autoCloseDays: number
  botName: string
  onboarded: boolean
  timeZone: string
}

const list = (json: string, fallback: string[]): string[] => {
  try {
    const v: unknown = JSON.parse(json)
    return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : fallback
  } catch {
    return fallback
  }
}

export async function getInboxSettings(companyId: number): Promise<InboxSettingsView> {
  const [row, numbers, company] = await Promise.all([
    db.inboxSettings.findUnique({ where: { companyId } }),
    db.smsPhoneNumber.findMany({ where: { companyId }, orderBy: { id: 'asc' }, select: { number: true } }),
    db.company.findUnique({ where: { id: companyId }, select: { timezone: true } }),
  ])
  return {
    businessHours: parseBusinessHours(row?.businessHours),
    awayEnabled: row?.awayEnabled ?? false,
    awayText: row?.awayText ?? '',
    faqAutoAnswer: row?.faqAutoAnswer ?? false,
    channels: list(row?.channels ?? '', [...INBOX_CHANNELS]),
    inboundNumbers: list(row?.inboundNumbers ?? '', []),
    smsNumbers: numbers.map((n) => n.number),
    autoCloseDays: row?.autoCloseDays ?? 0,
    botName: row?.botName ?? '',
    onboarded: !!row?.onboardedAt,
    timeZone: company?.timezone ?? 'UTC',
  }
}

export async function saveInboxSettings(
  companyId: number,
  section: InboxSettingsSection,
  raw: unknown,
  now = new Date(),
): Promise<InboxSettingsView> {
  let data: Record<string, unknown>
  switch (section) {
    case 'general':
      data = inboxSettingsSections.general.parse(raw)
      break
    case 'inbound-messages': {
      const v = inboxSettingsSections['inbound-messages'].parse(raw)
      const own = new Set(
        (await db.smsPhoneNumber.findMany({ where: { companyId }, select: { number: true } })).map((n) => n.number),
      )
      const errors = Object.fromEntries(
        v.inboundNumbers.flatMap((n, i) =>
          own.has(n) ? [] : [[`inboundNumbers.${i}`, ['This is not one of your SMS numbers.']]],
        ),
      )
      if (Object.keys(errors).length) throw badRequest('Please correct the highlighted fields.', errors)
      data = {
        channels: JSON.stringify([...new Set(v.channels)]),
        inboundNumbers: JSON.stringify([...new Set(v.inboundNumbers)]),
      }
      break
    }
    case 'away-message': {
      const v = inboxSettingsSections['away-message'].parse(raw)
      data = { awayEnabled: v.awayEnabled, awayText: v.awayText, businessHours: JSON.stringify(v.businessHours) }
      break
    }
    case 'faq':
      data = inboxSettingsSections.faq.parse(raw)
      break
    case 'onboarding':
      inboxSettingsSections.onboarding.parse(raw)
      data = { onboardedAt: now }
      break
  }
  await db.inboxSettings.upsert({ where: { companyId }, create: { companyId, ...data }, update: data })
  forgetRules(companyId)
  return getInboxSettings(companyId)
}
