'use client'
import useSWR from 'swr'
import { http } from '@/lib/client/http'

export type SmsSetup = {
  companyName: string
  scriptTag: string
  smsConfigured: boolean
  senderNumber: string | null
  helpText: string | null
  forms: { id: string; name: string; status: string; channelType: string; formType: string }[]
}

export function useSmsSetup() {
  return useSWR('/ajax/growth/sms-setup', (url: string) => http.get<SmsSetup>(url).then((r) => r.data))
}
