// What an app may register: exact redirect URIs (https, or http on the loopback for local
// development, RFC 8252 §7.3) and scopes from the private key catalogue, at least one: an empty
// scope list means full access for private keys, which an app must never get by accident.
import { z } from 'zod'
import { API_SCOPES } from '@/lib/api-keys/scopes'

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

export function redirectUriProblem(raw: string): string | null {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return 'Enter an absolute URL.'
  }
  if (url.hash) return 'A redirect URI cannot have a fragment.'
  if (url.username || url.password) return 'A redirect URI cannot carry credentials.'
  if (url.protocol === 'https:') return null
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return null
  return 'Use https, or http only on localhost or 127.0.0.1.'
}

export const redirectUrisField = z
  .array(z.string().trim().max(2000))
  .min(1, 'Add at least one redirect URI.')
  .max(20)
  .superRefine((uris, ctx) =>
    uris.forEach((u, i) => {
      const problem = redirectUriProblem(u)
      if (problem) ctx.addIssue({ code: 'custom', path: [i], message: problem })
    }),
  )
  .transform((uris) => [...new Set(uris)])

/** Write access includes reading, as on the private key screen: "profiles:write" brings "profiles:read". */
export function withImpliedReads(scopes: readonly string[]): string[] {
  const out = new Set(scopes)
  for (const s of scopes) if (s.endsWith(':write')) out.add(s.slice(0, -':write'.length) + ':read')
  return [...out].sort()
}

export const scopesField = z
  .array(z.enum(API_SCOPES as unknown as [string, ...string[]]))
  .min(1, 'Choose at least one scope.')
  .transform(withImpliedReads)

export const appFields = z.object({
  name: z.string().trim().min(1, 'Enter a name.').max(100),
  description: z.string().trim().max(1000).default(''),
  redirectUris: redirectUrisField,
  scopes: scopesField,
  /** A public client (a mobile or single-page app) has no secret and relies on PKCE alone. */
  publicClient: z.boolean().default(false),
})
export type AppFields = z.input<typeof appFields>

export const parseJsonArray = (s: string): string[] => {
  try {
    const v = JSON.parse(s) as unknown
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
  } catch {
    return []
  }
}
