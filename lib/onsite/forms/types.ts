// The live forms payload of GET /onsite/forms (issue 20 contracts): what the onsite script needs
// to target and render a company's live forms, nothing else.
import type { OnsiteSettingsPayload } from '../../../onsite/src/types'

export interface FormAudience {
  lists_and_segments?: boolean
}

export interface LiveFormVariation {
  form_version_id: number
  weight: number
  definition: Record<string, unknown>
  audience?: FormAudience
}

export interface LiveForm {
  form_id: string
  form_version_id: number
  form_type: string
  /** The form's name, for the submit's custom_source ("Form: {name}"). */
  name: string
  /** The list a submit subscribes to when the button names none (Form.listId). */
  list_id: string | null
  definition: Record<string, unknown>
  experiment?: { id: number; variations: LiveFormVariation[] }
  audience?: FormAudience
}

export interface LiveFormsPayload {
  settings: OnsiteSettingsPayload
  /** ISO 3166 alpha-2 of the visitor when the edge told us, else null. */
  country: string | null
  forms: LiveForm[]
}
