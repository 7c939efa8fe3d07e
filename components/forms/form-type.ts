// Form types: the listing and Form.formType say full_page, the vendor's Version says full_screen.
// Labels are keyed by the vendor's names (messages forms.type.*).
export const TYPE_LABELS = ['popup', 'flyout', 'full_screen', 'embed', 'banner'] as const
export type TypeLabel = (typeof TYPE_LABELS)[number]

export const typeKey = (type: string | null | undefined): TypeLabel =>
  type === 'full_page'
    ? 'full_screen'
    : (TYPE_LABELS as readonly string[]).includes(type ?? '')
      ? (type as TypeLabel)
      : 'popup'
