// The parts of the vendor's form Version JSON (components.schemas.Version) the screens read and
// edit. Loose on purpose: the server's zod (lib/forms/definition) is the judge, and fields the
// screens do not know are carried through untouched.
export type Device = 'both' | 'desktop' | 'mobile'

export interface BlockAction {
  type: 'submit' | 'next_step' | 'close' | 'redirect' | string
  submit?: boolean
  properties?: { list_id?: string | null; url?: string; new_window?: boolean; [k: string]: unknown } | null
  [k: string]: unknown
}

export interface FormBlock {
  id?: string | null
  type: string
  properties?: Record<string, unknown> & { display_device?: Device[] }
  styles?: Record<string, unknown>
  action?: BlockAction | null
  [k: string]: unknown
}

export interface FormRow {
  id?: string | null
  blocks: FormBlock[]
  [k: string]: unknown
}
export interface FormColumn {
  id?: string | null
  rows: FormRow[]
  [k: string]: unknown
}
export interface FormStep {
  id?: string | null
  name?: string | null
  columns: FormColumn[]
  [k: string]: unknown
}
export interface FormTrigger {
  id?: string | null
  type: string
  properties?: Record<string, unknown>
  [k: string]: unknown
}

export interface VersionStyles {
  width?: string
  custom_width?: number | null
  background_color?: string | null
  border_styles?: { radius?: number; color?: string | null; style?: string | null; thickness?: number | null } | null
  close_button?: Record<string, unknown>
  input_styles?: Record<string, unknown>
  rich_text_styles?: Record<string, unknown>
  [k: string]: unknown
}

export interface FormDefinition {
  id?: number | null
  name?: string | null
  type?: 'popup' | 'flyout' | 'full_screen' | 'embed' | 'banner'
  location?: string | null
  steps: FormStep[]
  triggers?: FormTrigger[]
  teasers?: unknown[]
  styles?: VersionStyles
  properties?: {
    show_close_button?: boolean
    rule_based_trigger_evaluation?: 'any' | 'all' | null
    [k: string]: unknown
  }
  [k: string]: unknown
}
