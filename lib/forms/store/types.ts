// The shapes the forms store hands to /ajax (lib/forms/README.md) and /api.
import type { ChannelType, FormType } from '../definition/summarize'

export type { ChannelType, FormType }
export type FormStatus = 'draft' | 'live' | 'scheduled'

export interface ScheduleMoment {
  date: string
  time: string
  timezone: string
  dateTime: string
}
export interface FormSchedule {
  id: string
  publishAt: ScheduleMoment | null
  unpublishAt: ScheduleMoment | null
}

export interface FormVersionDetail {
  id: number
  formId: string
  variationName: string
  formType: FormType
  status: 'draft' | 'live'
  experimentId: number | null
  weight: number
  createdAt: string
  updatedAt: string
  definition: Record<string, unknown>
}

export interface FormDetail {
  id: string
  name: string
  status: FormStatus
  formType: FormType
  channelType: ChannelType
  listId: string | null
  hasBeenLive: boolean
  lastPublishedAt: string | null
  templateKey: string | null
  schedule: FormSchedule | null
  createdAt: string
  updatedAt: string
  versions: FormVersionDetail[]
}

export interface FormListingItem {
  id: string
  name: string
  status: FormStatus
  type: FormType
  channelType: ChannelType
  hasBeenLive: boolean
  lastPublishedTimestamp: string | null
  updateTimestamp: string
  lists: { id: string; name: string; type: 'static' | 'dynamic' | 'generic' }[]
  liveExperiment: { id: number; isOptimizationRelated: boolean; name: string; variationCount: number } | null
  draftExperimentVariationCount: number
  schedule: FormSchedule | null
}
