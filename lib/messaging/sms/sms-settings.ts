// A company's SMS settings (/settings/sms): the Twilio-compatible account (SID, sealed auth
// token, sender number or messaging service, base URL), its phone numbers, keywords and HELP
// text, pricing for estimates, and the quiet hours (kept in MessagingSettings with the rest of
// the sending policy). Reads for the screen never return the token, only its mask.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import { providerBaseUrl } from '@/lib/messaging/provider-base-url'
import { appLink } from '@/lib/config/app-url'
import { maskSecret, openSecret, sealSecret } from '@/lib/crypto/secret-box'
import { PHONE_E164 } from '@/lib/profiles/validate-profile'
import { isUniqueViolation } from '@/lib/profiles/upsert-profile'
import { DEFAULT_POLICY_SETTINGS } from '../policy'
import { parseKeywords, type KeywordSettings } from './keywords'
import { kysely } from '@/lib/db/kysely'
import { read, selectFirst } from '@/lib/db/ops'
import { forgetSmsLookups, smsAccountCache, smsNumberCache } from './sms-lookup-cache'

export const TWILIO_TOKEN_PURPOSE = 'twilio-auth-token'
export const DEFAULT_TWILIO_BASE_URL = 'https://api.twilio.com'

/** What delivery and the webhooks need (the token opened). */
export interface SmsAccount {
  companyId: number
  accountSid: string
  authToken: string
  senderNumber: string | null
  messagingServiceSid: string | null
  baseUrl: string
  helpText: string | null
  keywords: KeywordSettings
  costPerSegment: number
  currency: string
  maxSegments: number
}

/** The settings as the screen sees them. */
export interface SmsSettingsView {
  configured: boolean
  provider: string
  accountSid: string
  authTokenMask: string | null
  senderNumber: string
  messagingServiceSid: string
  baseUrl: string
  phoneNumbers: string[]
  helpText: string
  keywords: KeywordSettings
  costPerSegment: number
  currency: string
  maxSegments: number
  quietHours: { enabled: boolean; start: string; end: string }
  /** Where the provider should post incoming messages (set on each number at the provider). */
  inboundWebhookUrl: string
}

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
const minutes = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5))

export async function getSmsSettingsView(companyId: number): Promise<SmsSettingsView> {
  const [row, numbers, policy] = await Promise.all([
    db.smsSettings.findUnique({ where: { companyId } }),
    db.smsPhoneNumber.findMany({ where: { companyId }, orderBy: { id: 'asc' }, select: { number: true } }),
    db.messagingSettings.findUnique({ where: { companyId } }),
  ])
  const token = openSecret(row?.authTokenSealed, TWILIO_TOKEN_PURPOSE)
  return {
    configured: !!(row?.accountSid && token && (row.senderNumber || row.messagingServiceSid)),
    provider: row?.provider ?? 'twilio',
    accountSid: row?.accountSid ?? '',
    authTokenMask: maskSecret(token),
    senderNumber: row?.senderNumber ?? '',
    messagingServiceSid: row?.messagingServiceSid ?? '',
    baseUrl: row?.baseUrl ?? DEFAULT_TWILIO_BASE_URL,
    phoneNumbers: numbers.map((n) => n.number),
    helpText: row?.helpText ?? '',
    keywords: parseKeywords(row?.keywords),
    costPerSegment: row?.costPerSegment ?? 0.0079,
    currency: row?.currency ?? 'USD',
    maxSegments: row?.maxSegments ?? 10,
    quietHours: {
      enabled: policy?.quietHoursEnabled ?? DEFAULT_POLICY_SETTINGS.quietHoursEnabled,
      start: hhmm(policy?.quietHoursStart ?? DEFAULT_POLICY_SETTINGS.quietHoursStart),
      end: hhmm(policy?.quietHoursEnd ?? DEFAULT_POLICY_SETTINGS.quietHoursEnd),
    },
    inboundWebhookUrl: appLink('/webhooks/sms/inbound'),
  }
}

/** The account for sending and for verifying webhooks, or null when it is not set up. */
export async function loadSmsAccount(companyId: number): Promise<SmsAccount | null> {
  const row = await db.smsSettings.findUnique({ where: { companyId } })
  return accountOf(companyId, row)
}

type SmsSettingsRow = Pick<
  NonNullable<Awaited<ReturnType<typeof db.smsSettings.findUnique>>>,
  | 'accountSid'
  | 'authTokenSealed'
  | 'senderNumber'
  | 'messagingServiceSid'
  | 'baseUrl'
  | 'helpText'
  | 'keywords'
  | 'costPerSegment'
  | 'currency'
  | 'maxSegments'
>

function accountOf(companyId: number, row: SmsSettingsRow | null | undefined): SmsAccount | null {
  const authToken = openSecret(row?.authTokenSealed, TWILIO_TOKEN_PURPOSE)
  if (!row?.accountSid || !authToken) return null
  return {
    companyId,
    accountSid: row.accountSid,
    authToken,
    senderNumber: row.senderNumber,
    messagingServiceSid: row.messagingServiceSid,
    baseUrl: row.baseUrl,
    helpText: row.helpText,
    keywords: parseKeywords(row.keywords),
    costPerSegment: row.costPerSegment,
    currency: row.currency,
    maxSegments: row.maxSegments,
  }
}

/**
 * loadSmsAccount for the inbound webhook, read on every message: kept per process for a few
 * seconds (sms-lookup-cache.ts), on Kysely's prepared statements rather than Prisma's.
 */
export function cachedSmsAccount(companyId: number): Promise<SmsAccount | null> {
  return smsAccountCache.get(companyId, async () => {
    const row = await read(
      selectFirst(
        kysely()
          .selectFrom('SmsSettings')
          .select([
            'accountSid',
            'authTokenSealed',
            'senderNumber',
            'messagingServiceSid',
            'baseUrl',
            'helpText',
            'keywords',
            'costPerSegment',
            'currency',
            'maxSegments',
          ])
          .where('companyId', '=', companyId),
      ),
    )
    return accountOf(companyId, row)
  })
}

const keywordList = z
  .array(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{2,20}$/, 'Use letters and digits only (2–20).'),
  )
  .max(20)
  .default([])
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use the format HH:MM.')

export const saveSmsSettingsBody = z
  .object({
    accountSid: z
      .string()
      .trim()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'An account SID starts with AC followed by 32 hexadecimal characters.'),
    /** Blank keeps the stored token. */
    authToken: z.string().trim().max(200).default(''),
    senderNumber: z
      .string()
      .trim()
      .refine((v) => v === '' || PHONE_E164.test(v), 'Use the E.164 format, e.g. +15005550006.')
      .default(''),
    messagingServiceSid: z
      .string()
      .trim()
      .refine(
        (v) => v === '' || /^MG[0-9a-fA-F]{32}$/.test(v),
        'A messaging service SID starts with MG followed by 32 hexadecimal characters.',
      )
      .default(''),
    baseUrl: providerBaseUrl.default(DEFAULT_TWILIO_BASE_URL),
    phoneNumbers: z
      .array(z.string().trim().regex(PHONE_E164, 'Use the E.164 format, e.g. +15005550006.'))
      .max(50)
      .default([]),
    helpText: z.string().trim().max(320, 'Use at most 320 characters.').default(''),
    keywords: z
      .object({ stop: keywordList, start: keywordList, help: keywordList })
      .default({ stop: [], start: [], help: [] }),
    costPerSegment: z.coerce.number().min(0, 'Enter zero or more.').max(10, 'Enter at most 10.').default(0.0079),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'Use a three-letter currency code.')
      .default('USD'),
    maxSegments: z.coerce
      .number()
      .int('Enter a whole number.')
      .min(1, 'Enter at least 1.')
      .max(30, 'Enter at most 30.')
      .default(10),
    quietHours: z.object({ enabled: z.boolean(), start: time, end: time }).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.senderNumber && !v.messagingServiceSid)
      ctx.addIssue({
        code: 'custom',
        path: ['senderNumber'],
        message: 'Choose a sender number or enter a messaging service SID.',
      })
    if (v.senderNumber && !v.phoneNumbers.includes(v.senderNumber))
      ctx.addIssue({ code: 'custom', path: ['senderNumber'], message: 'The sender must be one of the phone numbers.' })
    const seen = new Set<string>()
    v.phoneNumbers.forEach((n, i) => {
      if (seen.has(n))
        ctx.addIssue({ code: 'custom', path: ['phoneNumbers', i], message: 'This number is listed twice.' })
      seen.add(n)
    })
  })
export type SaveSmsSettingsInput = z.infer<typeof saveSmsSettingsBody>

const NUMBER_TAKEN = 'This number is connected to another account.'

export async function saveSmsSettings(companyId: number, input: SaveSmsSettingsInput): Promise<SmsSettingsView> {
  const existing = await db.smsSettings.findUnique({ where: { companyId }, select: { authTokenSealed: true } })
  if (!input.authToken && !openSecret(existing?.authTokenSealed, TWILIO_TOKEN_PURPOSE)) {
    throw badRequest('Please correct the highlighted fields.', { authToken: ['Enter the auth token.'] })
  }
  const taken = await db.smsPhoneNumber.findMany({
    where: { number: { in: input.phoneNumbers }, companyId: { not: companyId } },
    select: { number: true },
  })
  if (taken.length) {
    const fieldErrors = Object.fromEntries(
      input.phoneNumbers.flatMap((n, i) =>
        taken.some((t) => t.number === n) ? [[`phoneNumbers.${i}`, [NUMBER_TAKEN]]] : [],
      ),
    )
    throw badRequest('Please correct the highlighted fields.', fieldErrors)
  }
  const data = {
    accountSid: input.accountSid,
    ...(input.authToken ? { authTokenSealed: sealSecret(input.authToken, TWILIO_TOKEN_PURPOSE) } : {}),
    senderNumber: input.senderNumber || null,
    messagingServiceSid: input.messagingServiceSid || null,
    baseUrl: input.baseUrl.replace(/\/+$/, ''),
    helpText: input.helpText || null,
    keywords: JSON.stringify(input.keywords),
    costPerSegment: input.costPerSegment,
    currency: input.currency,
    maxSegments: input.maxSegments,
  }
  try {
    await db.$transaction(async (tx) => {
      await tx.smsSettings.upsert({ where: { companyId }, create: { companyId, ...data }, update: data })
      await tx.smsPhoneNumber.deleteMany({ where: { companyId, number: { notIn: input.phoneNumbers } } })
      const kept = new Set(
        (await tx.smsPhoneNumber.findMany({ where: { companyId }, select: { number: true } })).map((r) => r.number),
      )
      for (const number of input.phoneNumbers)
        if (!kept.has(number)) await tx.smsPhoneNumber.create({ data: { companyId, number } })
      if (input.quietHours) {
        const q = {
          quietHoursEnabled: input.quietHours.enabled,
          quietHoursStart: minutes(input.quietHours.start),
          quietHoursEnd: minutes(input.quietHours.end),
        }
        await tx.messagingSettings.upsert({ where: { companyId }, create: { companyId, ...q }, update: q })
      }
    })
  } catch (e) {
    // Another account took one of the numbers between the check and the write.
    if (isUniqueViolation(e)) throw badRequest(NUMBER_TAKEN, { phoneNumbers: [NUMBER_TAKEN] })
    throw e
  } finally {
    forgetSmsLookups(companyId)
  }
  return getSmsSettingsView(companyId)
}

/** The company a number belongs to (inbound messages), or null; kept per process for a few seconds (sms-lookup-cache.ts). */
export function companyForNumber(number: string): Promise<number | null> {
  return smsNumberCache.get(number, async () => {
    const row = await read(
      selectFirst(kysely().selectFrom('SmsPhoneNumber').select('companyId').where('number', '=', number)),
    )
    return row?.companyId ?? null
  })
}
