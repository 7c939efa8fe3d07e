/** @jest-environment node */
// Every file the product writes goes under DATA_DIR (issue 29, the DATA_DIR finding): profile
// photos went to ./data/photos whatever DATA_DIR said, and the generated session secret, secrets
// key and default SQLite database to ./data. With DATA_DIR set to a temporary folder, an image
// upload, a profile photo and a logo land there; the generated files default there too, except
// that one already made under ./data before DATA_DIR was set is kept (not silently replaced).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(30_000)

import { db } from '@/lib/db/client'
import { dataPath } from '@/lib/config/data-dir.mjs'
import { parseDatabaseUrl } from '@/lib/db/database-url.mjs'
import { CSRF, makeCompany, makeUser, signIn } from '../helpers/factory'
import { POST as uploadImage } from '@/app/ajax/email-templates/images/route'
import { POST as uploadPhoto } from '@/app/ajax/account/photo/route'
import { POST as uploadLogo } from '@/app/ajax/account/organization/logo/route'

const DATA = fs.mkdtempSync(path.join(os.tmpdir(), 'data-dir-'))
const saved = { DATA_DIR: process.env.DATA_DIR, PHOTO_DIR: process.env.PHOTO_DIR }
beforeAll(() => {
  process.env.DATA_DIR = DATA
  delete process.env.PHOTO_DIR
})
afterAll(() => {
  for (const [k, v] of Object.entries(saved))
    if (v === undefined) delete process.env[k]
    else process.env[k] = v
  fs.rmSync(DATA, { recursive: true, force: true })
})

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
)
const multipart = (url: string, cookie: string, field: string, name: string) => {
  const form = new FormData()
  form.append(field, new Blob([new Uint8Array(PNG)], { type: 'image/png' }), name)
  return new Request(`http://localhost:3000${url}`, {
    method: 'POST',
    headers: { cookie, 'x-csrftoken': CSRF },
    body: form,
  })
}
const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))

test('an image upload, a profile photo and a logo are written under DATA_DIR', async () => {
  const company = await makeCompany('Data dir')
  const user = await makeUser({ companyId: company.id, role: 'owner' })
  const cookie = await signIn(user.id, company.id)
  const legacyPhoto = path.resolve(process.cwd(), 'data/photos', `${user.id}.img`)
  const legacyBefore = fs.existsSync(legacyPhoto)

  expect((await uploadImage(multipart('/ajax/email-templates/images', cookie, 'file', 'hero.png'))).status).toBe(201)
  expect((await uploadPhoto(multipart('/ajax/account/photo', cookie, 'photo', 'me.png'))).status).toBe(200)
  expect((await uploadLogo(multipart('/ajax/account/organization/logo', cookie, 'logo', 'logo.png'))).status).toBe(200)

  const files = filesUnder(DATA)
  const images = await db.image.findMany({ where: { companyId: company.id }, select: { path: true } })
  expect(images).toHaveLength(2) // the upload and the logo (a hidden image)
  for (const img of images) expect(files).toContain(path.normalize(img.path))
  expect(files).toContain(path.join('photos', `${user.id}.img`))
  expect(fs.readFileSync(path.join(DATA, 'photos', `${user.id}.img`))).toEqual(PNG)
  if (!legacyBefore) expect(fs.existsSync(legacyPhoto)).toBe(false)
})

test('the generated session secret, secrets key and default database sit under DATA_DIR; a file made under ./data before is kept', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'data-root-'))
  try {
    process.env.DATA_DIR = path.join(root, 'var')
    expect(dataPath('session-secret', root)).toBe(path.join(root, 'var', 'session-secret'))
    expect(dataPath('secrets-key', root)).toBe(path.join(root, 'var', 'secrets-key'))
    expect(parseDatabaseUrl('', root)).toMatchObject({ provider: 'sqlite', file: path.join(root, 'var', 'app.db') })
    // An install that had ./data/secrets-key before setting DATA_DIR keeps reading its key.
    fs.mkdirSync(path.join(root, 'data'))
    fs.writeFileSync(path.join(root, 'data', 'secrets-key'), 'k'.repeat(40))
    expect(dataPath('secrets-key', root)).toBe(path.join(root, 'data', 'secrets-key'))
    // Once the file is under DATA_DIR, that one wins.
    fs.mkdirSync(path.join(root, 'var'))
    fs.writeFileSync(path.join(root, 'var', 'secrets-key'), 'v'.repeat(40))
    expect(dataPath('secrets-key', root)).toBe(path.join(root, 'var', 'secrets-key'))
    delete process.env.DATA_DIR
    expect(parseDatabaseUrl('', root)).toMatchObject({ file: path.join(root, 'data', 'app.db') })
  } finally {
    process.env.DATA_DIR = DATA
    fs.rmSync(root, { recursive: true, force: true })
  }
})

test('without SESSION_SECRET or SECRETS_KEY the generated ones are written under DATA_DIR', () => {
  const env = { SESSION_SECRET: process.env.SESSION_SECRET, SECRETS_KEY: process.env.SECRETS_KEY }
  delete process.env.SESSION_SECRET
  delete process.env.SECRETS_KEY
  // From a folder without ./data, so no file made there before is picked up instead.
  const cwd = process.cwd()
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'data-cwd-'))
  process.chdir(root)
  try {
    jest.isolateModules(() => {
      /* eslint-disable @typescript-eslint/no-require-imports -- fresh modules: both cache what they generate */
      const { sessionSecret } = require('@/lib/auth/secret') as typeof import('@/lib/auth/secret')
      const { sealSecret } = require('@/lib/crypto/secret-box') as typeof import('@/lib/crypto/secret-box')
      /* eslint-enable @typescript-eslint/no-require-imports */
      expect(sessionSecret()).toBe(fs.readFileSync(path.join(DATA, 'session-secret'), 'utf8'))
      sealSecret('x', 'test')
      expect(fs.existsSync(path.join(DATA, 'secrets-key'))).toBe(true)
      expect(fs.existsSync(path.join(root, 'data'))).toBe(false)
    })
  } finally {
    process.chdir(cwd)
    fs.rmSync(root, { recursive: true, force: true })
    for (const [k, v] of Object.entries(env)) if (v !== undefined) process.env[k] = v
  }
})
