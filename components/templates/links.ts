// Where a template is edited: the template target of the email-template editor (seed 001 §2.7).
export const editorHref = (id: string) => `/email-template-editor/template/${encodeURIComponent(id)}`
export const MESSAGES_HREF = '/settings/email/outbox'
