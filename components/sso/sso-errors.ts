// The ?sso_error= codes the assertion consumer service sends the browser back with.
export const SSO_ERROR_CODES = [
  'sso_expired',
  'sso_invalid',
  'sso_no_member',
  'sso_not_configured',
  'server_error',
] as const
export type SsoErrorCode = (typeof SSO_ERROR_CODES)[number]

export const ssoErrorCode = (v: unknown): SsoErrorCode | null =>
  typeof v === 'string' && (SSO_ERROR_CODES as readonly string[]).includes(v) ? (v as SsoErrorCode) : null
