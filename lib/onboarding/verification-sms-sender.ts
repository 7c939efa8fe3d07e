// Who texts the phone-verification code: the account's own SMS provider when it has one set up
// (/settings/sms), else the operator's (VERIFY_SMS_ACCOUNT_SID, VERIFY_SMS_AUTH_TOKEN,
// VERIFY_SMS_FROM, VERIFY_SMS_BASE_URL: any Twilio-compatible Messages API). A new account has
// no provider yet, so on a real install it is the operator's.
import { loadSmsAccount, DEFAULT_TWILIO_BASE_URL, type SmsAccount } from '@/lib/messaging/sms/sms-settings'
import { sendTwilioMessage, type TwilioSendResult } from '@/lib/messaging/sms/twilio-client'

function operatorAccount(companyId: number): SmsAccount | null {
  const sid = process.env.VERIFY_SMS_ACCOUNT_SID?.trim()
  const token = process.env.VERIFY_SMS_AUTH_TOKEN?.trim()
  const from = process.env.VERIFY_SMS_FROM?.trim()
  if (!sid || !token || !from) return null
  return {
    companyId,
    accountSid: sid,
    authToken: token,
    senderNumber: from.startsWith('MG') ? null : from,
    messagingServiceSid: from.startsWith('MG') ? from : null,
    baseUrl: process.env.VERIFY_SMS_BASE_URL?.trim() || DEFAULT_TWILIO_BASE_URL,
    helpText: null,
    keywords: { stop: [], start: [], help: [] },
    costPerSegment: 0,
    currency: 'USD',
    maxSegments: 1,
  }
}

export async function verificationSender(companyId: number): Promise<SmsAccount | null> {
  const own = await loadSmsAccount(companyId)
  if (own && (own.senderNumber || own.messagingServiceSid)) return own
  return operatorAccount(companyId)
}

export async function sendVerificationText(account: SmsAccount, to: string, body: string): Promise<TwilioSendResult> {
  return sendTwilioMessage(account, { to, body })
}
