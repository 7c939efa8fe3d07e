import { ajax, z } from '@/lib/http/ajax'
import { notFound } from '@/lib/errors/app-error'
import {
  getRegistration,
  REGISTRATION_COUNTRIES,
  saveRegistration,
  type RegistrationCountry,
} from '@/lib/messaging/sms/sms-registrations'

const READ = { partial: ['sms_settings_read', 'account_settings_read'] } as const

function countryOf(params: Record<string, string>): RegistrationCountry {
  const c = (params.country ?? '').toUpperCase()
  if (!(c in REGISTRATION_COUNTRIES)) throw notFound()
  return c as RegistrationCountry
}

// GET /ajax/sms/registrations/{au|nz} – the Australian sender-id registration or the New Zealand short code request
export const GET = ajax({
  ...READ,
  handler: async ({ ctx, params }) => ({
    registration: await getRegistration(ctx.principal.companyId, countryOf(params)),
  }),
})

// PUT /ajax/sms/registrations/{au|nz} – saves it as a draft, or submits it (submit: true)
export const PUT = ajax({
  ...READ,
  resources: ['account_settings_write'],
  body: z.record(z.string(), z.unknown()),
  handler: async ({ ctx, params, body }) => ({
    registration: await saveRegistration(ctx.principal.companyId, countryOf(params), body),
  }),
})
