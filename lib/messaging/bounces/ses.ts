// Amazon SES notifications as SNS delivers them over HTTPS (the SNS envelope with Type
// Notification or SubscriptionConfirmation, its Message the SES JSON of notificationType — or
// eventType for configuration-set event publishing — Bounce, Complaint or Delivery), mapped to
// delivery reports. Permanent bounces are hard, Transient and Undetermined soft.
import { z } from 'zod'
import type { DeliveryReport } from './apply-report'

const recipient = z
  .object({ emailAddress: z.string(), status: z.string().nullish(), diagnosticCode: z.string().nullish() })
  .passthrough()
const sesMessage = z
  .object({
    notificationType: z.string().optional(),
    eventType: z.string().optional(),
    mail: z
      .object({
        messageId: z.string().nullish(),
        headers: z.array(z.object({ name: z.string(), value: z.string() })).nullish(),
        commonHeaders: z.object({ messageId: z.string().nullish() }).passthrough().nullish(),
      })
      .passthrough(),
    bounce: z
      .object({
        bounceType: z.string(),
        bounceSubType: z.string().nullish(),
        bouncedRecipients: z.array(recipient),
        feedbackId: z.string().nullish(),
      })
      .passthrough()
      .optional(),
    complaint: z
      .object({
        complainedRecipients: z.array(recipient),
        complaintFeedbackType: z.string().nullish(),
        feedbackId: z.string().nullish(),
      })
      .passthrough()
      .optional(),
    delivery: z
      .object({ recipients: z.array(z.string()) })
      .passthrough()
      .optional(),
  })
  .passthrough()

export const snsEnvelope = z
  .object({
    Type: z.enum(['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation']),
    MessageId: z.string(),
    TopicArn: z.string().optional(),
    Message: z.string(),
    SubscribeURL: z.string().optional(),
  })
  .passthrough()

export type SnsEnvelope = z.infer<typeof snsEnvelope>

/** Only an https URL on an SNS host of AWS is ever fetched to confirm a subscription. */
export function isAwsSnsUrl(u: string | undefined): boolean {
  if (!u) return false
  try {
    const url = new URL(u)
    return url.protocol === 'https:' && /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/.test(url.hostname)
  } catch {
    return false
  }
}

/** The reports of one SES notification; throws a zod error when the Message is not SES JSON. */
export function sesReports(companyId: number, env: SnsEnvelope): DeliveryReport[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(env.Message)
  } catch {
    throw new z.ZodError([{ code: 'custom', path: ['Message'], message: 'Message is not JSON.', input: env.Message }])
  }
  const m = sesMessage.parse(parsed)
  const type = (m.notificationType ?? m.eventType ?? '').toLowerCase()
  const header = (name: string) =>
    m.mail.headers?.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value ?? null
  const ref = {
    companyId,
    source: 'ses' as const,
    sendId: header('X-Send-Id'),
    messageId: m.mail.commonHeaders?.messageId ?? header('Message-ID'),
    providerMessageId: m.mail.messageId ?? null,
  }
  const key = (email: string) => `ses:${type}:${m.mail.messageId ?? env.MessageId}:${email.toLowerCase()}`
  if (type === 'bounce' && m.bounce) {
    const hard = m.bounce.bounceType === 'Permanent'
    return m.bounce.bouncedRecipients.map((r) => ({
      ...ref,
      reportKey: key(r.emailAddress),
      kind: hard ? 'hard_bounce' : 'soft_bounce',
      email: r.emailAddress,
      status: r.status ?? null,
      detail: r.diagnosticCode ?? [m.bounce!.bounceType, m.bounce!.bounceSubType].filter(Boolean).join(' / '),
    }))
  }
  if (type === 'complaint' && m.complaint) {
    return m.complaint.complainedRecipients.map((r) => ({
      ...ref,
      reportKey: key(r.emailAddress),
      kind: 'complaint',
      email: r.emailAddress,
      status: m.complaint!.complaintFeedbackType ?? 'abuse',
    }))
  }
  if (type === 'delivery' && m.delivery) {
    return m.delivery.recipients.map((email) => ({ ...ref, reportKey: key(email), kind: 'delivered', email }))
  }
  return []
}
