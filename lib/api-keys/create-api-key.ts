// Creates a private API key: "pk_" and 32 random base62 characters, stored hashed.
import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { API_SCOPES } from './scopes'
import { hashApiKey, PREFIX_LENGTH } from './hash-key'

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

function randomBase62(length: number): string {
  let out = ''
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      // 248 = 4 × 62: rejecting larger bytes keeps every character equally likely.
      if (b < 248 && out.length < length) out += BASE62[b % 62]
    }
  }
  return out
}

// Full access is asked for by leaving `scopes` out (what the settings screen sends for "Full
// access"); an empty list is a mistake, never a way to grant everything.
export const createApiKeyBody = z.object({
  label: z.string().trim().min(1).max(100),
  scopes: z
    .array(z.enum(API_SCOPES as unknown as [string, ...string[]]))
    .min(1, 'Choose at least one scope, or leave scopes out for full access.')
    .max(API_SCOPES.length)
    .optional(),
})

export async function createApiKey(
  companyId: number,
  input: { label: string; scopes?: string[]; createdById?: number | null },
) {
  const key = 'pk_' + randomBase62(32)
  const scopes = [...new Set(input.scopes ?? [])].sort()
  const record = await db.apiKey.create({
    data: {
      companyId,
      label: input.label,
      prefix: key.slice(0, PREFIX_LENGTH),
      keyHash: hashApiKey(key),
      scopes: JSON.stringify(scopes),
      createdById: input.createdById ?? null,
    },
  })
  return { key, record }
}
