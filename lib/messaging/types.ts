// The vocabulary of the send pipeline (lib/messaging): channels, sources, statuses, and the
// message a Send row carries.
import type { PushOptions } from './push/push-content'
import type { TranslatedContent } from '@/lib/templates/translations/types'
export const CHANNELS = ['email', 'sms', 'push', 'whatsapp'] as const
export type Channel = (typeof CHANNELS)[number]

/** What decided to send: a flow's action run, a campaign's message, a preview, a transactional or internal alert. */
export const SOURCE_TYPES = ['flow_action_run', 'campaign_message', 'preview', 'transactional', 'alert'] as const
export type SourceType = (typeof SOURCE_TYPES)[number]

export const SEND_STATUSES = [
  'queued',
  'skipped',
  'deferred',
  'sending',
  'sent',
  'delivered',
  'bounced',
  'failed',
  'unknown',
] as const
export type SendStatus = (typeof SEND_STATUSES)[number]

/** Statuses that mean "the profile (probably) got it": smart sending and caps count them. */
export const DELIVERED_LIKE: SendStatus[] = ['sending', 'sent', 'delivered', 'unknown']

/**
 * The message of a Send (stored as JSON in Send.content). Templates use lib/templates' language
 * and are rendered per recipient at send time with the profile and the send's context.
 */
export interface MessageContent {
  subject?: string
  html?: string
  /** Email only: the template's AMP for Email part, rendered per recipient like the HTML. */
  amp?: string
  /** Plain-text part (email) or the body (SMS); for email derived from html when absent. */
  text?: string
  previewText?: string
  fromEmail?: string
  fromName?: string
  replyTo?: string
  /** Push only: image, open action, badge and notification type (push/push-content.ts). */
  push?: PushOptions
  /** Email only: the template's ready translations by locale; the recipient's locale picks one at render. */
  translations?: Record<string, TranslatedContent>
}
