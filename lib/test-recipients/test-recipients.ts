// /settings/account/testing: the email addresses and phone numbers the team sends tests to.
// Each is validated for its kind (an email address; a phone number in E.164 form) and unique per
// account. The account's test mode is the company's isTestAccount flag, shown read-only: it is
// set when the account is created and changed only by staff.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest, notFound } from '@/lib/errors/app-error'

export const MAX_TEST_RECIPIENTS = 50

export const testRecipientBody = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('email'),
    value: z.string().trim().toLowerCase().max(254).pipe(z.string().email('Enter a valid email address.')),
    label: z.string().trim().max(80).optional(),
  }),
  z.object({
    kind: z.literal('phone'),
    value: z
      .string()
      .transform((s) => s.replace(/[\s().-]/g, ''))
      .pipe(z.string().regex(/^\+[1-9]\d{6,14}$/, 'Enter the number with its country code, e.g. +15555550100.')),
    label: z.string().trim().max(80).optional(),
  }),
])
export type TestRecipientInput = z.infer<typeof testRecipientBody>

export async function listTestRecipients(companyId: number) {
  const [rows, company] = await Promise.all([
    db.testRecipient.findMany({ where: { companyId }, orderBy: [{ kind: 'asc' }, { value: 'asc' }] }),
    db.company.findUnique({ where: { id: companyId }, select: { isTestAccount: true } }),
  ])
  return {
    testAccount: company?.isTestAccount ?? false,
    recipients: rows.map((r) => ({
      id: r.id,
      kind: r.kind as 'email' | 'phone',
      value: r.value,
      label: r.label,
      createdAt: r.createdAt.toISOString(),
    })),
  }
}
export type ListTestRecipientsResponse = Awaited<ReturnType<typeof listTestRecipients>>

export async function addTestRecipient(companyId: number, input: TestRecipientInput) {
  if ((await db.testRecipient.count({ where: { companyId } })) >= MAX_TEST_RECIPIENTS)
    throw badRequest(`At most ${MAX_TEST_RECIPIENTS} test recipients.`, { value: ['The list is full.'] })
  try {
    const r = await db.testRecipient.create({
      data: { companyId, kind: input.kind, value: input.value, label: input.label || null },
    })
    return { id: r.id }
  } catch (e) {
    if ((e as { code?: string })?.code === 'P2002')
      throw badRequest('This recipient is already on the list.', { value: ['Already on the list.'] })
    throw e
  }
}

export async function removeTestRecipient(companyId: number, id: number) {
  const { count } = await db.testRecipient.deleteMany({ where: { companyId, id } })
  if (!count) throw notFound('This test recipient does not exist.')
}
