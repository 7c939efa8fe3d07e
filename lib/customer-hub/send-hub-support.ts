// The hub's contact form: the message is kept as text, lands in the inbox as a chat
// conversation (issue 25 §1), and the merchant's support address is told.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { ulid } from '@/lib/ids/make-id'
import { getMailer } from '@/lib/mail/mailer'
import { receiveHubMessage } from '@/lib/inbox/receive-hub-message'
import { getHubSettings } from './hub-settings'

export const hubSupportBody = z
  .object({ subject: z.string().trim().min(1).max(200), body: z.string().trim().min(1).max(5000) })
  .strict()

export async function sendHubSupport(companyId: number, profileId: string, input: z.infer<typeof hubSupportBody>) {
  const message = await db.hubSupportMessage.create({
    data: { id: ulid(), companyId, profileId, subject: input.subject, body: input.body },
  })
  await receiveHubMessage({ companyId, profileId, hubMessageId: message.id, subject: input.subject, body: input.body })
  const { supportEmail } = await getHubSettings(companyId)
  if (supportEmail)
    await getMailer().send({
      to: supportEmail,
      subject: `Customer hub message: ${input.subject}`,
      text: input.body,
      kind: 'alert',
      companyId,
    })
  return { id: message.id }
}
