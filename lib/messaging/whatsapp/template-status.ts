// The review status of a WhatsApp message template (WhatsAppMessageTemplate), whichever way it
// arrives: the answer to a submit or a status poll (lib/mobile/whatsapp-templates.ts), or Meta's
// message_template_status_update webhook (template-status-webhook.ts). Meta has more states
// (PAUSED, DISABLED, IN_APPEAL …); only an approved template can be sent, so it joins the
// account's sendable templates (WhatsAppSettings.templates, which the send channel checks).
import { db } from '@/lib/db/client'

export const variablesOf = (body: string) => [
  ...new Set([...body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => Number(m[1]))),
]

export async function setTemplateStatus(companyId: number, id: string, vendorStatus: string, reason: string | null) {
  const status = vendorStatus === 'APPROVED' ? 'APPROVED' : vendorStatus === 'REJECTED' ? 'REJECTED' : 'PENDING'
  await db.whatsAppMessageTemplate.updateMany({
    where: { companyId, id },
    data: { status, rejectedReason: status === 'REJECTED' ? (reason ?? 'REJECTED') : null },
  })
  if (status !== 'APPROVED') return
  const r = await db.whatsAppMessageTemplate.findFirst({ where: { companyId, id } })
  const s = await db.whatsAppSettings.findUnique({ where: { companyId }, select: { templates: true } })
  if (!r || !s) return
  let list: Array<{ name: string; language: string; bodyParameters: number }> = []
  try {
    const v = JSON.parse(s.templates) as unknown
    if (Array.isArray(v)) list = v as typeof list
  } catch {
    // a broken list is replaced by one that holds this template
  }
  if (list.some((t) => t.name === r.name && t.language === r.language)) return
  list.push({ name: r.name, language: r.language, bodyParameters: variablesOf(r.body).length })
  await db.whatsAppSettings.update({ where: { companyId }, data: { templates: JSON.stringify(list) } })
}

/** By Meta's template id (the webhook names it); false when no template of the company has it. */
export async function setTemplateStatusByVendorId(
  companyId: number,
  vendorId: string,
  vendorStatus: string,
  reason: string | null,
): Promise<boolean> {
  const r = await db.whatsAppMessageTemplate.findFirst({ where: { companyId, vendorId }, select: { id: true } })
  if (!r) return false
  await setTemplateStatus(companyId, r.id, vendorStatus, reason)
  return true
}
