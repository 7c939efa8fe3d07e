// POST /ajax/flow/message/{messageId}/whatsapp-template (seed 002 §7.6): chooses the vendor
// (Meta-approved) WhatsApp template a flow's send-whatsapp message uses, by its vendor reference
// id, kept as the message's vendor_id in a new flow version.
import { z } from 'zod'
import { badRequest, notFound } from '@/lib/errors/app-error'
import type { FlowAction } from '@/lib/flows/definition'
import { findFlowMessage } from '@/lib/flows/store'
import { findActionOfType, saveAction } from './action-edit'

export const whatsappTemplateBody = z.object({
  vendorReferenceId: z
    .string({ message: 'vendorReferenceId is required.' })
    .trim()
    .min(1, 'vendorReferenceId is required.')
    .max(512, 'vendorReferenceId is longer than 512 characters.'),
})

export async function setWhatsAppTemplate(companyId: number, messageId: string, vendorReferenceId: string) {
  const m = messageId && messageId.length <= 64 ? await findFlowMessage(companyId, messageId) : null
  if (!m) throw notFound(`A flow message with id ${messageId} was not found.`)
  if (m.channel !== 'whatsapp')
    throw badRequest('Only a WhatsApp message uses a WhatsApp template.', {
      messageId: [`This message is a ${m.channel} message.`],
    })
  const { action } = await findActionOfType(companyId, m.actionId, 'send-whatsapp')
  const data = { ...((action.data ?? {}) as Record<string, unknown>) }
  data.message = { ...((data.message ?? {}) as Record<string, unknown>), vendor_id: vendorReferenceId }
  const saved = await saveAction(companyId, m.actionId, { ...action, data } as FlowAction)
  return { messageId, actionId: m.actionId, vendorReferenceId, version: saved.version }
}
