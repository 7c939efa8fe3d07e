// The FCM service-account JSON a company uploads (Firebase console → Project settings →
// Service accounts → Generate new private key): validated field by field, so a wrong file is
// refused with a clear message before it is stored (sealed, push-settings.ts).
import { createPrivateKey } from 'node:crypto'
import { allowsPrivate } from '@/lib/net/address-policy'

export interface ServiceAccount {
  type: 'service_account'
  project_id: string
  private_key_id?: string
  private_key: string
  client_email: string
  token_uri: string
}

export const DEFAULT_TOKEN_URI = 'https://oauth2.googleapis.com/token'

export class ServiceAccountError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ServiceAccountError'
  }
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** https, or http to this machine only when the operator runs a local stand-in (PROVIDERS_ALLOW_PRIVATE=1). */
export function isAllowedProviderUrl(raw: string): boolean {
  try {
    const u = new URL(raw)
    return (
      u.protocol === 'https:' || (u.protocol === 'http:' && LOCAL_HOSTS.has(u.hostname) && allowsPrivate('provider'))
    )
  } catch {
    return false
  }
}

/** Parses and checks a service-account JSON text; throws ServiceAccountError naming the problem. */
export function parseServiceAccount(text: string): ServiceAccount {
  let v: unknown
  try {
    v = JSON.parse(text)
  } catch {
    throw new ServiceAccountError('The file is not valid JSON.')
  }
  if (!v || typeof v !== 'object' || Array.isArray(v))
    throw new ServiceAccountError('The file is not a service-account JSON object.')
  const o = v as Record<string, unknown>
  if (o.type !== 'service_account')
    throw new ServiceAccountError(
      '"type" must be "service_account": download the key from Firebase → Project settings → Service accounts.',
    )
  for (const k of ['project_id', 'private_key', 'client_email'] as const) {
    if (typeof o[k] !== 'string' || !(o[k] as string).trim()) throw new ServiceAccountError(`"${k}" is missing.`)
  }
  if (!/^[a-z][a-z0-9-]{4,61}[a-z0-9]$/.test(o.project_id as string))
    throw new ServiceAccountError('"project_id" is not a valid Firebase project id.')
  if (!/^[^@\s]+@[^@\s]+$/.test(o.client_email as string))
    throw new ServiceAccountError('"client_email" is not an email address.')
  try {
    const key = createPrivateKey(o.private_key as string)
    if (key.asymmetricKeyType !== 'rsa') throw new Error('not RSA')
  } catch {
    throw new ServiceAccountError('"private_key" is not an RSA private key in PEM format.')
  }
  const tokenUri = typeof o.token_uri === 'string' && o.token_uri ? o.token_uri : DEFAULT_TOKEN_URI
  if (!isAllowedProviderUrl(tokenUri)) throw new ServiceAccountError('"token_uri" must be an https URL.')
  return {
    type: 'service_account',
    project_id: o.project_id as string,
    private_key_id: typeof o.private_key_id === 'string' ? o.private_key_id : undefined,
    private_key: o.private_key as string,
    client_email: o.client_email as string,
    token_uri: tokenUri,
  }
}
