// What a flow or campaign puts in a Send (lib/messaging createSends) for a stored template: the
// HTML and text compiled at save, so the pipeline only runs the template language per recipient.
import type { MessageContent } from '@/lib/messaging/types'
import { getTemplateOrThrow } from './save-template'

export async function templateMessageContent(
  companyId: number,
  templateId: string,
  message: Omit<MessageContent, 'html' | 'text'> = {},
): Promise<MessageContent & { transactional: boolean }> {
  const t = await getTemplateOrThrow(companyId, templateId)
  return { ...message, html: t.compiledHtml, text: t.compiledText, transactional: t.isTransactional }
}
