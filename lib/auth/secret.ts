// The iron-session password. SESSION_SECRET wins; otherwise a random secret is made once
// and kept under DATA_DIR (lib/config/data-dir.mjs), so a self-hosted install needs no setup and survives restarts.
import fs from 'node:fs'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { dataPath } from '@/lib/config/data-dir.mjs'

let cached: string | undefined

export function sessionSecret(): string {
  if (cached) return cached
  const fromEnv = process.env.SESSION_SECRET
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('SESSION_SECRET must be at least 32 characters')
    return (cached = fromEnv)
  }
  const given = process.env.SESSION_SECRET_FILE
  const file = given ? path.resolve(/*turbopackIgnore: true*/ process.cwd(), given) : dataPath('session-secret')
  try {
    cached = fs.readFileSync(file, 'utf8').trim()
    if (cached.length >= 32) return cached
  } catch {}
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  try {
    fs.writeFileSync(file, secret, { flag: 'wx', mode: 0o600 })
  } catch {
    // Another process wrote it first: use theirs.
    return (cached = fs.readFileSync(file, 'utf8').trim())
  }
  return (cached = secret)
}
