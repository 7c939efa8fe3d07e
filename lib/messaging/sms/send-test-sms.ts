// "Send test" on /settings/sms: one message, typed by the user, straight to the provider with
// the saved settings (no Send row: it goes to a number, not to a profile). The provider's
// refusal comes back as a 400 naming the HTTP status and Twilio's error code, never its text.
import { z } from 'zod'
import { AppError, badRequest } from '@/lib/errors/app-error'
import { PHONE_E164 } from '@/lib/profiles/validate-profile'
import { countSegments } from './segments'
import { loadSmsAccount } from './sms-settings'
import { sendTwilioMessage } from './twilio-client'
import { directSmsRefusal } from '../account-restrictions'

export const sendTestSmsBody = z.object({
  to: z.string().trim().regex(PHONE_E164, 'Use the E.164 format, e.g. +15005550006.'),
  body: z.string().trim().min(1, 'Enter a message.').max(1600, 'Use at most 1,600 characters.'),
})

export async function sendTestSms(
  companyId: number,
  input: z.infer<typeof sendTestSmsBody>,
): Promise<{ sid: string; segments: number }> {
  // The staff's decisions hold here too (issue 27 §2): a test message is still a text to a number.
  const refusal = await directSmsRefusal(companyId, input.to)
  if (refusal === 'litigator_number')
    throw badRequest('Please correct the highlighted fields.', { to: ['This number is on the litigator list.'] })
  if (refusal) throw new AppError(refusal, 403, 'Sending SMS is restricted for this account.')
  const account = await loadSmsAccount(companyId)
  if (!account || (!account.senderNumber && !account.messagingServiceSid))
    throw badRequest('Save the SMS account settings first.')
  const { segments } = countSegments(input.body)
  if (segments > account.maxSegments)
    throw badRequest('Please correct the highlighted fields.', {
      body: [`The message needs ${segments} segments; the limit is ${account.maxSegments}.`],
    })
  const r = await sendTwilioMessage(account, { to: input.to, body: input.body })
  if (r.kind === 'accepted') return { sid: r.sid, segments }
  // Our words only: the base URL is the user's, so what answers there must not reach the screen.
  if (r.kind === 'transport') throw new AppError('provider_unavailable', 502, 'The SMS provider could not be reached.')
  throw new AppError('provider_refused', r.httpStatus >= 500 ? 502 : 400, r.message)
}
