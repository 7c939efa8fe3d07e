// The SMS disclosure (/get-started/sms-disclosure-setup): the consent text shown beside the
// phone field of sign-up forms, kept in the SMS settings. It must tell shoppers how to opt out
// (STOP), as carriers require of every opt-in.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { forgetSmsLookups } from './sms-lookup-cache'

export const DEFAULT_SMS_DISCLOSURE =
  'By submitting this form and signing up for texts, you consent to receive marketing text messages from {company} at the number provided. Consent is not a condition of purchase. Msg & data rates may apply. Msg frequency varies. Unsubscribe at any time by replying STOP or clicking the unsubscribe link (where available). Reply HELP for help.'

export const saveDisclosureBody = z.object({
  text: z
    .string()
    .trim()
    .min(20, 'Enter the disclosure (at least 20 characters).')
    .max(1000, 'Use at most 1,000 characters.')
    .refine((t) => /\bSTOP\b/.test(t), 'Tell shoppers they can reply STOP to unsubscribe.'),
})

export interface SmsDisclosureView {
  text: string
  /** False while the default suggestion is shown and nothing was saved. */
  saved: boolean
}

export async function getSmsDisclosure(companyId: number): Promise<SmsDisclosureView> {
  const [row, company] = await Promise.all([
    db.smsSettings.findUnique({ where: { companyId }, select: { disclosureText: true } }),
    db.company.findUnique({ where: { id: companyId }, select: { name: true } }),
  ])
  if (row?.disclosureText) return { text: row.disclosureText, saved: true }
  return { text: DEFAULT_SMS_DISCLOSURE.replace('{company}', company?.name ?? 'us'), saved: false }
}

export async function saveSmsDisclosure(
  companyId: number,
  input: z.infer<typeof saveDisclosureBody>,
): Promise<SmsDisclosureView> {
  await db.smsSettings.upsert({
    where: { companyId },
    create: { companyId, disclosureText: input.text },
    update: { disclosureText: input.text },
  })
  forgetSmsLookups(companyId)
  return { text: input.text, saved: true }
}
