// A company's WhatsApp Cloud API settings (/settings/whatsapp): phone number id (which also
// routes webhooks to the company), business account id, the access token and the app secret
// (both sealed at rest, masked on read), the webhook verify token (generated), the base URL
// and the approved message templates.
import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import { providerBaseUrl } from '@/lib/messaging/provider-base-url'
import { appLink } from '@/lib/config/app-url'
import { maskSecret, openSecret, sealSecret } from '@/lib/crypto/secret-box'
import { isUniqueViolation } from '@/lib/profiles/upsert-profile'

export const WA_TOKEN_PURPOSE = 'whatsapp-access-token'
export const WA_APP_SECRET_PURPOSE = 'whatsapp-app-secret'
export const DEFAULT_WHATSAPP_BASE_URL = 'https://graph.facebook.com/v21.0'
export const WHATSAPP_WEBHOOK_PATH = '/webhooks/whatsapp'

export interface WhatsAppTemplate {
  name: string
  language: string
  /** How many {{n}} parameters the template's body has. */
  bodyParameters: number
}

export interface WhatsAppAccount {
  companyId: number
  phoneNumberId: string
  accessToken: string
  appSecret: string | null
  baseUrl: string
  templates: WhatsAppTemplate[]
}

export interface WhatsAppSettingsView {
  configured: boolean
  phoneNumberId: string
  businessAccountId: string
  accessTokenMask: string | null
  appSecretMask: string | null
  verifyToken: string | null
  webhookUrl: string
  baseUrl: string
  templates: WhatsAppTemplate[]
}

function parseTemplates(json: string | null | undefined): WhatsAppTemplate[] {
  try {
    const v = JSON.parse(json ?? '[]') as unknown
    return Array.isArray(v) ? (v as WhatsAppTemplate[]).filter((t) => t && typeof t.name === 'string') : []
  } catch {
    return []
  }
}

export async function getWhatsAppSettingsView(companyId: number): Promise<WhatsAppSettingsView> {
  const row = await db.whatsAppSettings.findUnique({ where: { companyId } })
  const token = openSecret(row?.accessTokenSealed, WA_TOKEN_PURPOSE)
  const secret = openSecret(row?.appSecretSealed, WA_APP_SECRET_PURPOSE)
  return {
    configured: !!(row?.phoneNumberId && token),
    phoneNumberId: row?.phoneNumberId ?? '',
    businessAccountId: row?.businessAccountId ?? '',
    accessTokenMask: maskSecret(token),
    appSecretMask: maskSecret(secret),
    verifyToken: row?.verifyToken ?? null,
    webhookUrl: appLink(WHATSAPP_WEBHOOK_PATH),
    baseUrl: row?.baseUrl ?? DEFAULT_WHATSAPP_BASE_URL,
    templates: parseTemplates(row?.templates),
  }
}

function toAccount(
  row: {
    companyId: number
    phoneNumberId: string | null
    accessTokenSealed: string | null
    appSecretSealed: string | null
    baseUrl: string
    templates: string
  } | null,
): WhatsAppAccount | null {
  const accessToken = openSecret(row?.accessTokenSealed, WA_TOKEN_PURPOSE)
  if (!row?.phoneNumberId || !accessToken) return null
  return {
    companyId: row.companyId,
    phoneNumberId: row.phoneNumberId,
    accessToken,
    appSecret: openSecret(row.appSecretSealed, WA_APP_SECRET_PURPOSE),
    baseUrl: row.baseUrl,
    templates: parseTemplates(row.templates),
  }
}

export const loadWhatsAppAccount = async (companyId: number) =>
  toAccount(await db.whatsAppSettings.findUnique({ where: { companyId } }))
export const whatsAppAccountForPhoneNumberId = async (phoneNumberId: string) =>
  toAccount(await db.whatsAppSettings.findUnique({ where: { phoneNumberId } }))
export const verifyTokenExists = async (verifyToken: string) =>
  !!(await db.whatsAppSettings.findUnique({ where: { verifyToken }, select: { companyId: true } }))

const template = z.object({
  name: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{1,512}$/, 'Use lower-case letters, digits and underscores, as in WhatsApp Manager.'),
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'Use a language code such as en or en_US.'),
  bodyParameters: z.coerce.number().int().min(0).max(20).default(0),
})

export const saveWhatsAppSettingsBody = z
  .object({
    phoneNumberId: z
      .string()
      .trim()
      .regex(/^\d{5,25}$/, 'The phone number id is a number, shown in WhatsApp Manager under API setup.'),
    businessAccountId: z
      .string()
      .trim()
      .refine((v) => v === '' || /^\d{5,25}$/.test(v), 'The business account id is a number.')
      .default(''),
    /** Blank keeps the stored value. */
    accessToken: z.string().trim().max(1000).default(''),
    appSecret: z.string().trim().max(200).default(''),
    baseUrl: providerBaseUrl.default(DEFAULT_WHATSAPP_BASE_URL),
    templates: z.array(template).max(200).default([]),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>()
    v.templates.forEach((t, i) => {
      const key = `${t.name}/${t.language}`
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['templates', i, 'name'],
          message: 'This template and language are listed twice.',
        })
      seen.add(key)
    })
  })
export type SaveWhatsAppSettingsInput = z.infer<typeof saveWhatsAppSettingsBody>

const ID_TAKEN = 'This phone number id is connected to another account.'

export async function saveWhatsAppSettings(
  companyId: number,
  input: SaveWhatsAppSettingsInput,
): Promise<WhatsAppSettingsView> {
  const existing = await db.whatsAppSettings.findUnique({ where: { companyId } })
  if (!input.accessToken && !openSecret(existing?.accessTokenSealed, WA_TOKEN_PURPOSE)) {
    throw badRequest('Please correct the highlighted fields.', { accessToken: ['Enter the access token.'] })
  }
  const other = await db.whatsAppSettings.findUnique({
    where: { phoneNumberId: input.phoneNumberId },
    select: { companyId: true },
  })
  if (other && other.companyId !== companyId)
    throw badRequest('Please correct the highlighted fields.', { phoneNumberId: [ID_TAKEN] })
  const data = {
    phoneNumberId: input.phoneNumberId,
    businessAccountId: input.businessAccountId || null,
    ...(input.accessToken ? { accessTokenSealed: sealSecret(input.accessToken, WA_TOKEN_PURPOSE) } : {}),
    ...(input.appSecret ? { appSecretSealed: sealSecret(input.appSecret, WA_APP_SECRET_PURPOSE) } : {}),
    baseUrl: input.baseUrl.replace(/\/+$/, ''),
    templates: JSON.stringify(input.templates),
  }
  try {
    await db.whatsAppSettings.upsert({
      where: { companyId },
      create: { companyId, verifyToken: randomBytes(18).toString('base64url'), ...data },
      update: data,
    })
  } catch (e) {
    if (isUniqueViolation(e)) throw badRequest(ID_TAKEN, { phoneNumberId: [ID_TAKEN] })
    throw e
  }
  return getWhatsAppSettingsView(companyId)
}
