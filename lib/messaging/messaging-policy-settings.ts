// /settings/account/messaging: the account's whole sending policy on one page — the smart-sending
// window, the frequency caps of every channel and the quiet hours of SMS and push — as
// lib/messaging/policy.ts applies it to every marketing send. The email and SMS settings pages
// edit parts of the same MessagingSettings row; this page saves them together in one write, so
// a rejected field leaves all of them as they were.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { emailSendingBody, getEmailSending } from './email-settings/email-settings'
import { DEFAULT_POLICY_SETTINGS } from './policy'

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use the format HH:MM.')
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
const minutes = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5))

export const messagingPolicyBody = z.object({
  sending: emailSendingBody,
  quietHours: z
    .object({ enabled: z.boolean(), start: time, end: time })
    .refine((q) => !q.enabled || q.start !== q.end, {
      message: 'Quiet hours must end at another time than they start.',
      path: ['end'],
    }),
})
export type MessagingPolicyInput = z.infer<typeof messagingPolicyBody>

export async function getMessagingPolicy(companyId: number) {
  const [sending, row] = await Promise.all([
    getEmailSending(companyId),
    db.messagingSettings.findUnique({
      where: { companyId },
      select: { quietHoursEnabled: true, quietHoursStart: true, quietHoursEnd: true },
    }),
  ])
  return {
    smartSendingHours: sending.smartSendingHours,
    frequencyCaps: sending.frequencyCaps,
    softBounceLimit: sending.softBounceLimit,
    quietHours: {
      enabled: row?.quietHoursEnabled ?? DEFAULT_POLICY_SETTINGS.quietHoursEnabled,
      start: hhmm(row?.quietHoursStart ?? DEFAULT_POLICY_SETTINGS.quietHoursStart),
      end: hhmm(row?.quietHoursEnd ?? DEFAULT_POLICY_SETTINGS.quietHoursEnd),
    },
  }
}
export type MessagingPolicyView = Awaited<ReturnType<typeof getMessagingPolicy>>

export async function saveMessagingPolicy(companyId: number, v: MessagingPolicyInput) {
  const caps: Record<string, { day?: number; week?: number }> = {}
  for (const [ch, c] of Object.entries(v.sending.frequencyCaps)) {
    const one = { ...(c.day != null ? { day: c.day } : {}), ...(c.week != null ? { week: c.week } : {}) }
    if (Object.keys(one).length) caps[ch] = one
  }
  const data = {
    smartSendingHours: v.sending.smartSendingHours,
    frequencyCaps: JSON.stringify(caps),
    ...(v.sending.softBounceLimit != null ? { softBounceLimit: v.sending.softBounceLimit } : {}),
    quietHoursEnabled: v.quietHours.enabled,
    quietHoursStart: minutes(v.quietHours.start),
    quietHoursEnd: minutes(v.quietHours.end),
  }
  await db.messagingSettings.upsert({ where: { companyId }, create: { companyId, ...data }, update: data })
  return getMessagingPolicy(companyId)
}
