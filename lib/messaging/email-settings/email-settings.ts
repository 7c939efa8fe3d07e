// The /settings/email sections behind /ajax/account/email/{settings,sending,tracking,consent}:
// reading each as the screen shows it and saving it with field errors. The SMTP password is
// sealed before it is written and never read back out: the screen only learns whether one is set.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { sealSecret } from '@/lib/crypto/secret-box'
import { defaultSmtpUrl } from '../email-transport'
import { CHANNELS } from '../types'
import { DEFAULT_POLICY_SETTINGS } from '../policy'
import { forgetEmailConfig, SMTP_PASSWORD_PURPOSE } from './email-config'
import { DEFAULT_SOFT_BOUNCE_LIMIT } from '../bounces/apply-report'
import { inboundWebhookUrls } from '../bounces/webhook-token'

const emailAddress = z
  .string()
  .trim()
  .max(254, 'Use at most 254 characters.')
  .refine((v) => v === '' || z.email().safeParse(v).success, 'Enter a valid email address.')
const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i
const IPV4 = /^(\d{1,3}\.){3}\d{1,3}$/

export const emailSettingsBody = z
  .object({
    defaultFromName: z
      .string()
      .trim()
      .max(100, 'Use at most 100 characters.')
      .refine((v) => !/["\r\n<>]/.test(v), 'The name cannot contain quotes, angle brackets or line breaks.')
      .default(''),
    defaultFromEmail: emailAddress.default(''),
    replyTo: emailAddress.default(''),
    smtpHost: z
      .string()
      .trim()
      .max(253)
      .refine((v) => v === '' || HOSTNAME.test(v) || IPV4.test(v), 'Enter a host name such as smtp.example.com.')
      .default(''),
    smtpPort: z
      .union([z.number(), z.string().trim()])
      .optional()
      .transform((v) => (v === '' || v == null ? null : Number(v)))
      .refine((v) => v === null || (Number.isInteger(v) && v >= 1 && v <= 65535), 'Enter a port between 1 and 65535.'),
    smtpSecure: z.boolean().default(false),
    smtpUser: z.string().trim().max(254, 'Use at most 254 characters.').default(''),
    /** Absent or empty: keep the saved password. */
    smtpPassword: z.string().max(500, 'Use at most 500 characters.').optional(),
    clearSmtpPassword: z.boolean().default(false),
    rateLimitPerSecond: z
      .union([z.number(), z.string().trim()])
      .optional()
      .transform((v) => (v === '' || v == null ? null : Number(v)))
      .refine(
        (v) => v === null || (Number.isInteger(v) && v >= 1 && v <= 10_000),
        'Enter a whole number of messages per second between 1 and 10,000, or leave it empty for no limit.',
      ),
  })
  .superRefine((v, ctx) => {
    if (v.smtpHost && v.smtpPort === null)
      ctx.addIssue({
        code: 'custom',
        path: ['smtpPort'],
        message: 'Enter the port of the SMTP server (587, 465 or 25).',
      })
    if (!v.smtpHost && (v.smtpUser || v.smtpPassword))
      ctx.addIssue({
        code: 'custom',
        path: ['smtpHost'],
        message: 'Enter the SMTP server before its user name and password.',
      })
  })
export type EmailSettingsInput = z.infer<typeof emailSettingsBody>

export const emailTrackingBody = z.object({ openTracking: z.boolean(), clickTracking: z.boolean() })
export const emailConsentBody = z.object({
  unsubscribeScope: z.enum(['all', 'list'], { error: 'Choose what an unsubscribe link removes.' }),
})

const cap = z
  .union([z.number(), z.string().trim(), z.null()])
  .optional()
  .transform((v) => (v === '' || v == null ? null : Number(v)))
  .refine(
    (v) => v === null || (Number.isInteger(v) && v >= 1 && v <= 1000),
    'Enter a whole number from 1 to 1,000, or leave it empty for no cap.',
  )
export const emailSendingBody = z
  .object({
    smartSendingHours: z
      .union([z.number(), z.string().trim()])
      .transform((v) => Number(v))
      .refine((v) => Number.isInteger(v) && v >= 0 && v <= 168, 'Enter a whole number of hours from 0 (off) to 168.'),
    frequencyCaps: z
      .partialRecord(z.enum(CHANNELS, { error: 'Unknown channel.' }), z.object({ day: cap, week: cap }))
      .default({}),
    /** Absent: the saved limit stays. */
    softBounceLimit: z
      .union([z.number(), z.string().trim()])
      .transform((v) => Number(v))
      .refine((v) => Number.isInteger(v) && v >= 1 && v <= 20, 'Enter a whole number of soft bounces from 1 to 20.')
      .optional(),
  })
  .superRefine((v, ctx) => {
    for (const [ch, c] of Object.entries(v.frequencyCaps)) {
      if (c.day != null && c.week != null && c.week < c.day)
        ctx.addIssue({
          code: 'custom',
          path: ['frequencyCaps', ch, 'week'],
          message: 'The weekly cap cannot be lower than the daily cap.',
        })
    }
  })

export type Delivery = 'company_smtp' | 'server_smtp' | 'outbox'

export async function getEmailSettings(companyId: number) {
  const s = await db.emailSettings.findUnique({ where: { companyId } })
  const smtp =
    s?.smtpHost && s.smtpPort
      ? {
          host: s.smtpHost,
          port: s.smtpPort,
          secure: s.smtpSecure,
          user: s.smtpUser ?? '',
          passwordSet: !!s.smtpPassword,
          rateLimitPerSecond: s.rateLimitPerSecond,
        }
      : null
  const delivery: Delivery = smtp ? 'company_smtp' : defaultSmtpUrl() ? 'server_smtp' : 'outbox'
  return {
    defaultFromName: s?.defaultFromName ?? '',
    defaultFromEmail: s?.defaultFromEmail ?? '',
    replyTo: s?.replyTo ?? '',
    smtp,
    delivery,
  }
}

export async function saveEmailSettings(companyId: number, v: EmailSettingsInput) {
  const nul = (t: string) => (t === '' ? null : t)
  const data = {
    defaultFromName: nul(v.defaultFromName),
    defaultFromEmail: nul(v.defaultFromEmail),
    replyTo: nul(v.replyTo),
    smtpHost: nul(v.smtpHost),
    smtpPort: v.smtpHost ? v.smtpPort : null,
    smtpSecure: v.smtpHost ? v.smtpSecure : false,
    smtpUser: v.smtpHost ? nul(v.smtpUser) : null,
    rateLimitPerSecond: v.smtpHost ? v.rateLimitPerSecond : null,
    // No server: no password kept. A new one replaces it; an empty field keeps it.
    ...(!v.smtpHost || v.clearSmtpPassword
      ? { smtpPassword: null }
      : v.smtpPassword
        ? { smtpPassword: sealSecret(v.smtpPassword, SMTP_PASSWORD_PURPOSE) }
        : {}),
  }
  await db.emailSettings.upsert({ where: { companyId }, create: { companyId, ...data }, update: data })
  forgetEmailConfig(companyId)
  return getEmailSettings(companyId)
}

export async function getEmailTracking(companyId: number) {
  const s = await db.emailSettings.findUnique({
    where: { companyId },
    select: { openTracking: true, clickTracking: true },
  })
  return { openTracking: s?.openTracking ?? true, clickTracking: s?.clickTracking ?? true }
}

export async function saveEmailTracking(companyId: number, v: z.infer<typeof emailTrackingBody>) {
  await db.emailSettings.upsert({ where: { companyId }, create: { companyId, ...v }, update: v })
  forgetEmailConfig(companyId)
  return getEmailTracking(companyId)
}

export async function getEmailConsent(companyId: number) {
  const s = await db.emailSettings.findUnique({ where: { companyId }, select: { unsubscribeScope: true } })
  return { unsubscribeScope: s?.unsubscribeScope === 'list' ? 'list' : 'all' }
}

export async function saveEmailConsent(companyId: number, v: z.infer<typeof emailConsentBody>) {
  await db.emailSettings.upsert({ where: { companyId }, create: { companyId, ...v }, update: v })
  forgetEmailConfig(companyId)
  return getEmailConsent(companyId)
}

type Caps = Partial<Record<(typeof CHANNELS)[number], { day: number | null; week: number | null }>>

export async function getEmailSending(companyId: number) {
  const s = await db.messagingSettings.findUnique({
    where: { companyId },
    select: { smartSendingHours: true, frequencyCaps: true, softBounceLimit: true },
  })
  let stored: Record<string, { day?: number; week?: number }> = {}
  try {
    stored = JSON.parse(s?.frequencyCaps ?? '{}')
  } catch {}
  const frequencyCaps: Caps = {}
  for (const ch of CHANNELS) frequencyCaps[ch] = { day: stored[ch]?.day ?? null, week: stored[ch]?.week ?? null }
  return {
    smartSendingHours: s?.smartSendingHours ?? DEFAULT_POLICY_SETTINGS.smartSendingHours,
    frequencyCaps,
    softBounceLimit: s?.softBounceLimit ?? DEFAULT_SOFT_BOUNCE_LIMIT,
    // Where the company points its MTA pipe, SNS topic and SendGrid event webhook (bounces, complaints, replies).
    inboundWebhooks: inboundWebhookUrls(companyId),
  }
}

/** Saves the smart-sending window and the caps; the quiet hours (SMS settings) are left as they are. */
export async function saveEmailSending(companyId: number, v: z.infer<typeof emailSendingBody>) {
  const caps: Record<string, { day?: number; week?: number }> = {}
  for (const [ch, c] of Object.entries(v.frequencyCaps)) {
    const one = { ...(c.day != null ? { day: c.day } : {}), ...(c.week != null ? { week: c.week } : {}) }
    if (Object.keys(one).length) caps[ch] = one
  }
  const data = {
    smartSendingHours: v.smartSendingHours,
    frequencyCaps: JSON.stringify(caps),
    ...(v.softBounceLimit != null ? { softBounceLimit: v.softBounceLimit } : {}),
  }
  await db.messagingSettings.upsert({ where: { companyId }, create: { companyId, ...data }, update: data })
  return getEmailSending(companyId)
}
