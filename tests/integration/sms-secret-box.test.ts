/** @jest-environment node */
// The shared credential box: round trip, purpose binding, tampering, a generated key file.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { maskSecret, openSecret, resetSecretKeyCacheForTests, sealSecret } from '@/lib/crypto/secret-box'

describe('secret-box', () => {
  const saved = { key: process.env.SECRETS_KEY, file: process.env.SECRETS_KEY_FILE }
  afterEach(() => {
    process.env.SECRETS_KEY = saved.key
    if (saved.key === undefined) delete process.env.SECRETS_KEY
    process.env.SECRETS_KEY_FILE = saved.file
    if (saved.file === undefined) delete process.env.SECRETS_KEY_FILE
    resetSecretKeyCacheForTests()
  })

  it('opens what it sealed, only for the same purpose and key', () => {
    process.env.SECRETS_KEY = 'k'.repeat(40)
    const sealed = sealSecret('auth-token-123', 'twilio-auth-token')
    expect(sealed).not.toContain('auth-token-123')
    expect(sealed.startsWith('s1.')).toBe(true)
    expect(openSecret(sealed, 'twilio-auth-token')).toBe('auth-token-123')
    expect(openSecret(sealed, 'whatsapp-access-token')).toBeNull()
    expect(sealSecret('auth-token-123', 'twilio-auth-token')).not.toBe(sealed) // fresh IV
    const parts = sealed.split('.')
    const flipped = Buffer.from(parts[3]!, 'base64url')
    flipped[0] = flipped[0]! ^ 1
    expect(
      openSecret([parts[0], parts[1], parts[2], flipped.toString('base64url')].join('.'), 'twilio-auth-token'),
    ).toBeNull()
    process.env.SECRETS_KEY = 'z'.repeat(40)
    expect(openSecret(sealed, 'twilio-auth-token')).toBeNull()
    expect(openSecret(null, 'x')).toBeNull()
    expect(openSecret('garbage', 'x')).toBeNull()
  })

  it('generates a key file once and reuses it', () => {
    delete process.env.SECRETS_KEY
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-box-'))
    process.env.SECRETS_KEY_FILE = path.join(dir, 'nested', 'key')
    resetSecretKeyCacheForTests()
    const sealed = sealSecret('v', 'p')
    const key = fs.readFileSync(process.env.SECRETS_KEY_FILE, 'utf8')
    expect(key.length).toBeGreaterThanOrEqual(32)
    expect((fs.statSync(process.env.SECRETS_KEY_FILE).mode & 0o777).toString(8)).toBe('600')
    resetSecretKeyCacheForTests()
    expect(openSecret(sealed, 'p')).toBe('v')
    expect(fs.readFileSync(process.env.SECRETS_KEY_FILE, 'utf8')).toBe(key)
  })

  it('masks', () => {
    expect(maskSecret('abcdefghijkl')).toBe('••••ijkl')
    expect(maskSecret('short')).toBe('••••')
    expect(maskSecret('')).toBeNull()
  })
})
