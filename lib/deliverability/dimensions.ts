// The groupings of the email rates (no imports: the browser's report form reads it too).
export const EMAIL_DIMENSIONS = ['provider', 'recipient_domain', 'sending_domain', 'message', 'day'] as const
export type EmailDimension = (typeof EMAIL_DIMENSIONS)[number]
