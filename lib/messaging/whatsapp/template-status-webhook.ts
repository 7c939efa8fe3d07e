// Meta's message_template_status_update changes of the WhatsApp webhook: each entry is a
// WhatsApp Business Account (entry.id), which names the companies that saved it; a change is
// applied only for a company whose app secret verifies the body's X-Hub-Signature-256, and only
// to that company's template with the id Meta gives.
import { db } from '@/lib/db/client'
import { openSecret } from '@/lib/crypto/secret-box'
import { WA_APP_SECRET_PURPOSE } from './whatsapp-settings'
import { verifyHubSignature } from './whatsapp-signature'
import { setTemplateStatusByVendorId } from './template-status'

interface TemplateChange {
  event?: string
  message_template_id?: number | string
  reason?: string
}
export interface TemplateEntries {
  entry?: Array<{ id?: string; changes?: Array<{ field?: string; value?: unknown }> }>
}

const word = (v: unknown) => (typeof v === 'string' && /^[A-Z_]{1,40}$/.test(v) ? v : null)

/** found: some change named a known account; verified: one of them was signed by its company. */
export async function applyTemplateStatusChanges(payload: TemplateEntries, raw: string, signature: string | null) {
  let found = false
  let verified = false
  for (const e of payload.entry ?? []) {
    const changes = (e.changes ?? []).filter((c) => c.field === 'message_template_status_update')
    if (!changes.length || typeof e.id !== 'string' || !/^\d{1,30}$/.test(e.id)) continue
    const accounts = await db.whatsAppSettings.findMany({
      where: { businessAccountId: e.id },
      select: { companyId: true, appSecretSealed: true },
    })
    for (const a of accounts) {
      found = true
      const secret = openSecret(a.appSecretSealed, WA_APP_SECRET_PURPOSE)
      if (!secret || !verifyHubSignature(secret, raw, signature)) continue
      verified = true
      for (const c of changes) {
        const v = (c.value ?? {}) as TemplateChange
        const status = word(v.event)
        const id = v.message_template_id != null ? String(v.message_template_id) : ''
        if (status && /^\d{1,30}$/.test(id)) await setTemplateStatusByVendorId(a.companyId, id, status, word(v.reason))
      }
    }
  }
  return { found, verified }
}
