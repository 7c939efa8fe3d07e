// The company's sending identities per country (/settings/sms sending numbers, issue 25 §2):
// a long code or toll-free number (E.164), a short code (3–8 digits) or an alphanumeric
// sender id (up to 11 letters, digits and spaces, at least one letter), with a status. Which
// numbers receive messages is the account's phone-number list; this is what each one is.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { PHONE_E164 } from '@/lib/profiles/validate-profile'

export const SENDER_TYPES = ['long_code', 'toll_free', 'short_code', 'alphanumeric'] as const
export const SENDER_STATUSES = ['pending', 'active', 'rejected', 'disabled'] as const

export const senderNumberBody = z
  .object({
    value: z.string().trim().min(1, 'Enter the number or sender id.').max(20),
    type: z.enum(SENDER_TYPES, { message: 'Choose a type.' }),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'Use a two-letter country code.'),
    status: z.enum(SENDER_STATUSES).default('pending'),
  })
  .superRefine((v, ctx) => {
    const bad = (message: string) => ctx.addIssue({ code: 'custom', path: ['value'], message })
    if ((v.type === 'long_code' || v.type === 'toll_free') && !PHONE_E164.test(v.value))
      bad('Use the E.164 format, e.g. +15005550006.')
    if (v.type === 'short_code' && !/^\d{3,8}$/.test(v.value)) bad('A short code has 3 to 8 digits.')
    if (v.type === 'alphanumeric' && !/^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/.test(v.value))
      bad('Use up to 11 letters, digits or spaces, with at least one letter.')
  })
export type SenderNumberInput = z.infer<typeof senderNumberBody>

const VIEW = { id: true, value: true, type: true, country: true, status: true } as const

export const listSenderNumbers = (companyId: number) =>
  db.smsSenderNumber.findMany({ where: { companyId }, orderBy: [{ country: 'asc' }, { value: 'asc' }], select: VIEW })
export type SenderNumberView = Awaited<ReturnType<typeof listSenderNumbers>>[number]

const TAKEN = { value: ['This sender is already listed for that country.'] }

export async function saveSenderNumber(companyId: number, input: SenderNumberInput, id?: number) {
  const clash = await db.smsSenderNumber.findFirst({
    where: { companyId, country: input.country, value: input.value, ...(id ? { id: { not: id } } : {}) },
    select: { id: true },
  })
  if (clash) throw badRequest('Please correct the highlighted fields.', TAKEN)
  try {
    if (!id) return await db.smsSenderNumber.create({ data: { companyId, ...input }, select: VIEW })
    const r = await db.smsSenderNumber.updateMany({ where: { id, companyId }, data: input })
    if (!r.count) throw notFound('Sending number not found.')
    return (await db.smsSenderNumber.findFirst({ where: { id, companyId }, select: VIEW }))!
  } catch (e) {
    if ((e as { code?: string })?.code === 'P2002') throw badRequest('Please correct the highlighted fields.', TAKEN)
    throw e
  }
}

export async function deleteSenderNumber(companyId: number, id: number): Promise<void> {
  const r = await db.smsSenderNumber.deleteMany({ where: { id, companyId } })
  if (!r.count) throw notFound('Sending number not found.')
}
