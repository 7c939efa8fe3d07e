// The parts of the vendor's Version JSON the renderer reads. Loose on purpose: the server
// validated the definition (lib/forms/definition); the renderer skips what it does not know.
export interface Block {
  type: string
  styles?: Record<string, unknown>
  properties?: Record<string, unknown> & { display_device?: string[] }
  action?: { type: string; submit?: boolean; properties?: Record<string, unknown> | null } | null
}
export interface Step {
  id?: string | null
  name?: string | null
  columns: Array<{ rows?: Array<{ blocks?: Block[] }> }>
}
export interface Teaser {
  content: string
  display_order?: string
  location?: string
  close_button?: boolean
  device_type?: string
}
export interface Version {
  type?: string
  location?: string | null
  steps: Step[]
  triggers?: Array<{ type: string; properties?: Record<string, unknown> | null }>
  teasers?: Teaser[]
  /** VersionStyles: read, checked and applied by apply-styles.ts. */
  styles?: Record<string, unknown>
  properties?: {
    click_outside_to_close?: string[] | null
    rule_based_trigger_evaluation?: 'any' | 'all' | null
    show_close_button?: boolean
    accessible_name?: string | null
  }
}

/** A form ready to render: which form, which version, its definition. */
export interface FormToShow {
  formId: string
  versionId: number
  name: string
  listId: string | null
  type: string
  def: Version
}

export const str = (v: unknown): string => (typeof v === 'string' ? v : '')

export function blocksOf(step: Step | undefined): Block[] {
  const out: Block[] = []
  for (const c of step?.columns ?? [])
    for (const r of c.rows ?? []) for (const b of r.blocks ?? []) if (b && typeof b.type === 'string') out.push(b)
  return out
}
