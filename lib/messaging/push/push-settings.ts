// A company's FCM configuration: the service-account JSON sealed at rest
// (lib/crypto/secret-box.ts, purpose "fcm-service-account"); only the project id and the
// service account's email are kept in clear for the settings screen.
import { db } from '@/lib/db/client'
import { openSecret, sealSecret } from '@/lib/crypto/secret-box'
import { parseServiceAccount, type ServiceAccount } from './service-account'

const PURPOSE = 'fcm-service-account'

export interface PushSettingsView {
  configured: boolean
  projectId: string | null
  clientEmail: string | null
  updatedAt: string | null
}

export async function getPushSettingsView(companyId: number): Promise<PushSettingsView> {
  const s = await db.pushSettings.findUnique({ where: { companyId } })
  return {
    configured: !!s?.serviceAccountSealed,
    projectId: s?.projectId ?? null,
    clientEmail: s?.clientEmail ?? null,
    updatedAt: s?.updatedAt.toISOString() ?? null,
  }
}

/** Validates (throws ServiceAccountError) and stores the service account. */
export async function savePushServiceAccount(companyId: number, json: string): Promise<PushSettingsView> {
  const sa = parseServiceAccount(json)
  const data = {
    serviceAccountSealed: sealSecret(JSON.stringify(sa), PURPOSE),
    projectId: sa.project_id,
    clientEmail: sa.client_email,
  }
  await db.pushSettings.upsert({ where: { companyId }, create: { companyId, ...data }, update: data })
  return getPushSettingsView(companyId)
}

export async function removePushServiceAccount(companyId: number): Promise<void> {
  await db.pushSettings.deleteMany({ where: { companyId } })
}

// Opening the sealed JSON costs a key derivation and a parse: cached by the sealed text, which
// changes whenever the account is replaced.
const opened = new Map<string, ServiceAccount>()

/** The company's service account, or null when push is not set up. */
export async function loadServiceAccount(companyId: number): Promise<ServiceAccount | null> {
  const s = await db.pushSettings.findUnique({ where: { companyId }, select: { serviceAccountSealed: true } })
  const sealed = s?.serviceAccountSealed
  if (!sealed) return null
  const hit = opened.get(sealed)
  if (hit) return hit
  const plain = openSecret(sealed, PURPOSE)
  if (!plain) return null
  const sa = JSON.parse(plain) as ServiceAccount
  if (opened.size > 1000) opened.clear()
  opened.set(sealed, sa)
  return sa
}
