// The country steps of /get-started/sms-setup (issue 25 §2): the Australian sender-id
// registration (business name, ABN with its check digits, the alphanumeric sender id) and the
// New Zealand short code request (use case, monthly volume, an optional preferred code). Saved
// as a draft or submitted; approval is recorded by staff, not by the merchant.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19]
/** An Australian Business Number: 11 digits whose weighted sum (first digit less one) is a multiple of 89. */
export function isValidAbn(abn: string): boolean {
  const d = abn.replace(/\s+/g, '')
  if (!/^\d{11}$/.test(d)) return false
  const sum = [...d].reduce((s, c, i) => s + (Number(c) - (i === 0 ? 1 : 0)) * ABN_WEIGHTS[i]!, 0)
  return sum % 89 === 0
}

const common = {
  businessName: z.string().trim().min(1, 'Enter the business name.').max(120, 'Use at most 120 characters.'),
  contactEmail: z.string().trim().email('Enter a valid email address.').max(254),
  useCase: z.string().trim().min(10, 'Describe what you send (at least 10 characters).').max(1000),
  submit: z.boolean().default(false),
}

export const auRegistrationBody = z.object({
  ...common,
  abn: z
    .string()
    .trim()
    .refine(isValidAbn, 'Enter a valid 11-digit ABN.')
    .transform((s) => s.replace(/\s+/g, '')),
  senderId: z
    .string()
    .trim()
    .regex(/^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/, 'Use up to 11 letters, digits or spaces, with at least one letter.'),
})

export const nzShortCodeBody = z.object({
  ...common,
  preferredCode: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{3,4}$/.test(v), 'A New Zealand short code has 3 or 4 digits.')
    .default(''),
  monthlyVolume: z.coerce
    .number()
    .int('Enter a whole number.')
    .min(1, 'Enter at least 1.')
    .max(100_000_000, 'Enter at most 100,000,000.'),
})

export const REGISTRATION_COUNTRIES = { AU: auRegistrationBody, NZ: nzShortCodeBody } as const
export type RegistrationCountry = keyof typeof REGISTRATION_COUNTRIES

export interface RegistrationView {
  country: RegistrationCountry
  status: 'not_started' | 'draft' | 'submitted' | 'approved' | 'rejected'
  details: Record<string, unknown>
  submittedAt: string | null
}

export async function getRegistration(companyId: number, country: RegistrationCountry): Promise<RegistrationView> {
  const row = await db.smsRegistration.findUnique({ where: { companyId_country: { companyId, country } } })
  if (!row) return { country, status: 'not_started', details: {}, submittedAt: null }
  let details: Record<string, unknown> = {}
  try {
    details = JSON.parse(row.details) as Record<string, unknown>
  } catch {}
  return {
    country,
    status: row.status as RegistrationView['status'],
    details,
    submittedAt: row.submittedAt?.toISOString() ?? null,
  }
}

export async function saveRegistration(
  companyId: number,
  country: RegistrationCountry,
  raw: unknown,
  now = new Date(),
): Promise<RegistrationView> {
  const { submit, ...details } = REGISTRATION_COUNTRIES[country].parse(raw)
  const current = await getRegistration(companyId, country)
  if (current.status === 'submitted' || current.status === 'approved')
    throw badRequest('This registration was submitted and can no longer be changed.', {
      businessName: ['Contact support to change a submitted registration.'],
    })
  const data = {
    details: JSON.stringify(details),
    status: submit ? 'submitted' : 'draft',
    submittedAt: submit ? now : null,
  }
  await db.smsRegistration.upsert({
    where: { companyId_country: { companyId, country } },
    create: { companyId, country, ...data },
    update: data,
  })
  return getRegistration(companyId, country)
}

/** Where the SMS set-up stands, for the /get-started/sms-setup checklist. */
export async function getSmsSetupStatus(companyId: number) {
  const [settings, senders, keywords, regs] = await Promise.all([
    db.smsSettings.findUnique({
      where: { companyId },
      select: {
        accountSid: true,
        authTokenSealed: true,
        senderNumber: true,
        messagingServiceSid: true,
        disclosureText: true,
      },
    }),
    db.smsSenderNumber.findMany({ where: { companyId }, select: { country: true, status: true } }),
    db.smsKeyword.count({ where: { companyId } }),
    db.smsRegistration.findMany({ where: { companyId }, select: { country: true, status: true } }),
  ])
  const status = (c: RegistrationCountry) => regs.find((r) => r.country === c)?.status ?? 'not_started'
  return {
    accountConnected: !!(
      settings?.accountSid &&
      settings.authTokenSealed &&
      (settings.senderNumber || settings.messagingServiceSid)
    ),
    senderCountries: [...new Set(senders.map((s) => s.country))].sort(),
    activeSenders: senders.filter((s) => s.status === 'active').length,
    keywords,
    disclosureSaved: !!settings?.disclosureText,
    au: status('AU'),
    nz: status('NZ'),
  }
}
