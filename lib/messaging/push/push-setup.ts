// The /settings/push-notifications screen's server side: setup status (provider, project,
// tokens and apps seen, the direct APNs key), saving the service account, and a test push to one device token.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import { getPushSettingsView, loadServiceAccount, savePushServiceAccount } from './push-settings'
import { ServiceAccountError } from './service-account'
import { sendFcm } from './fcm-client'
import { getApnsSettingsView } from './apns-settings'

export const savePushSettingsBody = z.object({
  serviceAccountJson: z.string().min(1, 'Choose the service-account JSON file.').max(20_000),
})
export const sendTestPushBody = z.object({
  token: z.string().trim().min(1, 'Enter a device token.').max(4096),
  title: z.string().trim().min(1, 'Enter a title.').max(200),
  body: z.string().trim().min(1, 'Enter a message.').max(1000),
})

export async function pushSetupStatus(companyId: number) {
  const [settings, apns, total, active, apps] = await Promise.all([
    getPushSettingsView(companyId),
    getApnsSettingsView(companyId),
    db.pushToken.count({ where: { companyId } }),
    db.pushToken.count({ where: { companyId, unregisteredAt: null } }),
    db.pushToken.groupBy({
      by: ['platform', 'vendor'],
      where: { companyId, unregisteredAt: null },
      _count: { _all: true },
    }),
  ])
  return {
    settings,
    apns,
    tokens: { total, active },
    platforms: apps.map((a) => ({ platform: a.platform, vendor: a.vendor, count: a._count._all })),
  }
}

export async function savePushSettings(companyId: number, json: string) {
  try {
    return await savePushServiceAccount(companyId, json)
  } catch (e) {
    if (e instanceof ServiceAccountError) throw badRequest(e.message, { serviceAccountJson: [e.message] })
    throw e
  }
}

export async function sendTestPush(companyId: number, input: z.infer<typeof sendTestPushBody>) {
  const sa = await loadServiceAccount(companyId)
  if (!sa) throw badRequest('Upload a service account first.')
  const r = await sendFcm(sa, { token: input.token, title: input.title, body: input.body, data: { test: '1' } })
  if (r.kind === 'sent') return { ok: true as const, messageName: r.name }
  return { ok: false as const, kind: r.kind, error: r.error }
}
