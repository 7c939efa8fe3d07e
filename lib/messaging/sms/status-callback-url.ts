// Where Twilio reports a message's fate: our public address with the company and send in the
// query (signed by Twilio as part of the URL), so the callback needs no lookup by message SID.
import { appLink } from '@/lib/config/app-url'

export const SMS_STATUS_PATH = '/webhooks/sms/status'

export const smsStatusCallbackUrl = (companyId: number, sendId: string): string =>
  appLink(`${SMS_STATUS_PATH}?c=${companyId}&s=${encodeURIComponent(sendId)}`)
