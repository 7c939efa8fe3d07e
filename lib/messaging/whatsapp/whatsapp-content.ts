// What a WhatsApp Send carries in Send.content besides MessageContent: an approved template
// with its body parameters (each a template-language string rendered per profile), or — only
// within 24 hours of the profile's last message to us — free text in content.text.
import type { MessageContent } from '../types'

export interface WhatsAppContent extends MessageContent {
  whatsappTemplate?: { name: string; language: string; bodyParameters?: string[] }
}

export const SESSION_WINDOW_MS = 24 * 3_600_000
