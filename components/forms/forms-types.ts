// What the forms /ajax endpoints answer (lib/forms/README.md), as the screens read them. The
// listing item follows seed 002 §3.4. A form with its versions is fetched without key
// transformation, so a version's definition stays the vendor's snake_case JSON.
import type { FormDefinition } from './definition-types'

export type FormStatus = 'draft' | 'live' | 'scheduled'
export type FormType = 'popup' | 'flyout' | 'full_screen' | 'full_page' | 'embed' | 'banner'

export interface ScheduleMoment {
  date: string
  time: string
  timezone: string
  dateTime?: string
}
export interface ScheduleValue {
  publishAt: ScheduleMoment | null
  unpublishAt: ScheduleMoment | null
}

export interface FormListItem {
  id: string
  name: string
  status: FormStatus
  type: FormType
  channelType?: string
  hasBeenLive?: boolean
  lastPublishedTimestamp?: string | null
  updateTimestamp: string
  lists?: { id: string; name: string; type?: string }[]
  schedule?: (ScheduleValue & { id?: string }) | null
  liveExperiment?: { id: string | number; name: string; variationCount: number } | null
  draftExperimentVariationCount?: number
}

export interface FormListPage {
  forms: FormListItem[]
  totalCount: number
}

export interface FormVersionDetail {
  id: number
  formId: string
  variationName: string
  status: 'draft' | 'live'
  formType: FormType
  experimentId?: number | null
  weight?: number
  createdAt?: string
  updatedAt: string
  definition: FormDefinition
}

export interface FormDetail {
  id: string
  name: string
  status: FormStatus
  formType: FormType
  channelType?: string
  listId: string | null
  hasBeenLive: boolean
  lastPublishedAt: string | null
  templateKey?: string | null
  updatedAt: string
  createdAt?: string
  schedule: (ScheduleValue & { id?: string }) | null
  /** Oldest first. */
  versions: FormVersionDetail[]
}

export interface FormTemplate {
  key: string
  name: string
  description?: string
  formType: FormType
  channelType?: string
}

/** Views and submit rate per form, for the listing's columns. */
export interface FormStats {
  views: number
  submits: number
  submitRate: number
}
