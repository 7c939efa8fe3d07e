// The browser side of /ajax/messages (the sent-messages viewer).
import { http } from '@/lib/client/http'

export interface SentMessage {
  id: string
  channel: string
  sourceType: string
  sourceId: string
  profileId: string
  to: string | null
  subject: string | null
  status: string
  reason: string | null
  provider: string | null
  notDelivered: boolean
  created: string
  sent: string | null
  /** An account mail's kind (invitation, password_reset …); absent for campaign, flow and preview messages. */
  kind?: string | null
}

export interface SentMessageDetail extends SentMessage {
  from: string | null
  html: string | null
  text: string | null
  headers: Record<string, string>
  attempts: number
  error: string | null
  messageId: string | null
  outboxStatus: string | null
  /** A sign-in link for one person: only its recipient reads it. */
  bodyPrivate: boolean
}

export const messagesApi = {
  list: (params: { page: number; page_size: number; status?: string; outbox?: string }) =>
    http
      .get<{ messages: SentMessage[]; total: number; page: number; pageSize: number }>('/ajax/messages', {
        params,
        transformKeys: false,
      })
      .then((r) => r.data),
  get: (id: string) =>
    http
      .get<{ message: SentMessageDetail }>(`/ajax/messages/${encodeURIComponent(id)}`, { transformKeys: false })
      .then((r) => r.data.message),
}
