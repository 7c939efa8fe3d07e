// Codes, secrets and tokens are random and stored only as their SHA-256: a database dump
// gives nobody a working credential. Lifetimes follow issue 21 §4.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

export const CODE_TTL_MS = 10 * 60_000
export const ACCESS_TTL_S = 3600
export const REFRESH_TTL_MS = 90 * 24 * 3600_000

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

/** A random credential with a prefix that says what it is (secret scanners and people read it). */
export const newCredential = (prefix: 'kcs' | 'kac' | 'kat' | 'krt') =>
  `${prefix}_${randomBytes(32).toString('base64url')}`

export const newClientId = () => `kca_${randomBytes(12).toString('hex')}`

/** Compares two hex digests in constant time. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex')
  const y = Buffer.from(b, 'hex')
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y)
}

/** RFC 7636 §4.6: BASE64URL(SHA256(ASCII(code_verifier))). */
export const s256 = (verifier: string) => createHash('sha256').update(verifier, 'ascii').digest('base64url')

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
export const VERIFIER_RE = /^[A-Za-z0-9\-._~]{43,128}$/
/** An S256 challenge is a base64url SHA-256: 43 characters. */
export const CHALLENGE_RE = /^[A-Za-z0-9\-_]{43}$/
