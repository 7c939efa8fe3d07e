// The inbox's vocabulary (lib/inbox), shared by its use cases, its /ajax routes and its screens.
export const INBOX_CHANNELS = ['sms', 'whatsapp', 'email', 'chat'] as const
export type InboxChannelName = (typeof INBOX_CHANNELS)[number]

export const CONVERSATION_STATUSES = ['open', 'snoozed', 'closed'] as const
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number]

export type MessageDirection = 'in' | 'out'
export type MessageKind = 'message' | 'note' | 'automatic'

/** Delivery statuses that can still change (the Send is not final yet). */
export const PENDING_DELIVERY = ['queued', 'deferred', 'sending', 'sent'] as const

/** The list's preview of a message: its first line, short. */
export const previewOf = (text: string): string => text.replace(/\s+/g, ' ').trim().slice(0, 140)
