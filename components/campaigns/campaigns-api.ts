// The browser's calls to the campaign /ajax endpoints (contract: lib/campaigns/ajax/README.md).
import { http } from '@/lib/client/http'
import type { CampaignDetail, CampaignView, MessageView, VariationView } from '@/lib/campaigns/store'
import type { AbTestState } from '@/lib/campaigns/send/model'

export type { CampaignDetail, CampaignView, MessageView, VariationView, AbTestState }
export type Channel = 'email' | 'sms' | 'mobile_push'
export const CHANNELS: Channel[] = ['email', 'sms', 'mobile_push']

export interface CampaignPage {
  campaigns: CampaignView[]
  totalCount: number
  page: number
  pageSize: number
}
export interface Estimation {
  status: string
  count: number | null
  exclusions: Record<string, number> | Array<{ reason: string; count: number }> | null
  createdAt: string
  completedAt: string | null
}
export interface AudienceGroup {
  id: string
  name: string
  type: string | number
  memberCount?: number
}
export interface Problem {
  field: string
  message: string
}
export interface TemplateRow {
  id: string
  name: string
  editorType: string
  updatedAt: string
}

const c = (id: string) => `/ajax/campaign/${encodeURIComponent(id)}`
const w = (id: string) => `/ajax/campaign-wizard/${encodeURIComponent(id)}`
const data = <T>(p: Promise<{ data: T }>) => p.then((r) => r.data)
/**
 * Answers as the server typed them (no key camelizing): a campaign's vendor-shaped objects
 * (content, send_strategy, send_options, exclusions …) keep their snake_case keys, which the
 * wizard reads and writes back (camelized, the saved preview text and sender came back empty).
 */
const AS_IS = { transformKeys: false } as const

export const campaignsApi = {
  create: (body: { name: string; channel: Channel; tagIds?: string[] }) =>
    data(http.post<{ campaign: CampaignDetail }>('/ajax/campaigns', body, AS_IS)),
  get: (id: string) => data(http.get<{ campaign: CampaignDetail }>(c(id), AS_IS)),
  update: (id: string, body: Record<string, unknown>) =>
    data(http.patch<{ campaign: CampaignDetail }>(c(id), body, AS_IS)),
  remove: (id: string) => data(http.delete<{ ok: true }>(c(id), AS_IS)),
  clone: (id: string, name?: string) =>
    data(http.post<{ campaign: CampaignDetail }>(`${c(id)}/clone`, name ? { name } : {}, AS_IS)),
  action: (id: string, action: 'cancel' | 'pause' | 'resume' | 'revert-to-draft' | 'archive' | 'unarchive') =>
    data(http.post<{ campaign: CampaignView }>(`${c(id)}/${action}`, {}, AS_IS)),
  templates: (id: string) => data(http.get<{ templates: TemplateRow[] }>(`${c(id)}/templates`, AS_IS)),
  assignTemplate: (id: string, messageId: string, templateId: string) =>
    data(http.post<{ message: MessageView }>(`${c(id)}/templates`, { messageId, templateId }, AS_IS)),
  variations: (id: string) =>
    data(http.get<{ abTest: AbTestState | null; variations: VariationView[] }>(`${c(id)}/variations`, AS_IS)),
  saveVariations: (
    id: string,
    body: {
      abTest: Partial<AbTestState> | null
      variations: Array<
        Partial<VariationView> & { messageId: string; name: string; weight: number; content: Record<string, unknown> }
      >
    },
  ) => data(http.put<{ abTest: AbTestState | null; variations: VariationView[] }>(`${c(id)}/variations`, body, AS_IS)),
  estimate: (id: string) => data(http.post<{ estimation: Estimation }>(`${c(id)}/estimate-recipient-count`, {}, AS_IS)),
  estimation: (id: string) =>
    data(http.get<{ estimation: Estimation | null }>(`${c(id)}/estimate-recipient-count`, AS_IS)),
  audience: (id: string) =>
    data(
      http.get<{ audiences: { included: string[]; excluded: string[] }; groups: AudienceGroup[] }>(
        `${w(id)}/audience`,
        AS_IS,
      ),
    ),
  saveAudience: (id: string, body: { included: string[]; excluded: string[] }) =>
    data(
      http.post<{ audiences: { included: string[]; excluded: string[] }; groups: AudienceGroup[] }>(
        `${w(id)}/audience`,
        body,
        AS_IS,
      ),
    ),
  content: (id: string) => data(http.get<{ messages: MessageView[] }>(`${w(id)}/content`, AS_IS)),
  saveContent: (
    id: string,
    body: { messageId: string; label?: string; content?: Record<string, unknown>; templateId?: string },
  ) => data(http.post<{ messages: MessageView[] }>(`${w(id)}/content`, body, AS_IS)),
  schedule: (id: string) => data(http.get<{ campaign: CampaignDetail }>(`${w(id)}/schedule`, AS_IS)),
  saveSchedule: (
    id: string,
    body: { sendStrategy: Record<string, unknown>; sendOptions?: Record<string, unknown>; send?: boolean },
  ) => data(http.post<{ campaign: CampaignDetail }>(`${w(id)}/schedule`, body, AS_IS)),
  review: (id: string) =>
    data(
      http.get<{ campaign: CampaignDetail; problems: Problem[]; estimation: Estimation | null }>(
        `${w(id)}/review`,
        AS_IS,
      ),
    ),
}
