// Test data through the real code paths: companies, users, memberships and signed-in sessions.
import { randomBytes } from 'node:crypto'
import { db } from '@/lib/db/client'
import { hashPassword } from '@/lib/auth/password'
import { createSession, sealSessionId } from '@/lib/auth/session'
import { SESSION_COOKIE, CSRF_COOKIE } from '@/lib/auth/config'

/** A company with the postal address marketing email needs (lib/messaging/postal-address.ts), unless `postalAddress: false`. */
export async function makeCompany(
  name = 'Company ' + randomBytes(3).toString('hex'),
  opts: { postalAddress?: boolean } = {},
) {
  const address =
    opts.postalAddress === false
      ? {}
      : { addressLine1: '1 Test Street', city: 'Springfield', postalCode: '62701', country: 'US' }
  return db.company.create({ data: { name, publicApiKey: randomBytes(3).toString('hex').toUpperCase(), ...address } })
}

export async function makeUser(
  opts: {
    email?: string
    password?: string
    companyId?: number
    role?: string
    isStaff?: boolean
    staffResources?: string[]
  } = {},
) {
  const user = await db.user.create({
    data: {
      email: opts.email ?? `u-${randomBytes(4).toString('hex')}@example.test`,
      passwordHash: await hashPassword(opts.password ?? 'correct-horse'),
      firstName: 'Test',
      lastName: 'User',
      emailConfirmed: true,
      isStaff: opts.isStaff ?? false,
      staffResources: JSON.stringify(opts.staffResources ?? []),
    },
  })
  if (opts.companyId)
    await db.membership.create({ data: { userId: user.id, companyId: opts.companyId, role: opts.role ?? 'owner' } })
  return user
}

export const CSRF = 'test-csrf-token-0123456789'

/** A Cookie header for a fresh signed-in session (with the CSRF cookie). */
export async function signIn(userId: number, companyId: number): Promise<string> {
  const s = await createSession({ userId, companyId })
  return `${SESSION_COOKIE}=${encodeURIComponent(await sealSessionId(s.id))}; ${CSRF_COOKIE}=${CSRF}`
}

/** Builds a Request as the browser shell sends it. */
export function ajaxRequest(
  pathOrUrl: string,
  init: { method?: string; cookie?: string; body?: unknown; csrf?: boolean; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...init.headers }
  if (init.cookie) headers.cookie = init.cookie
  else if (init.csrf !== false) headers.cookie = `${CSRF_COOKIE}=${CSRF}`
  if (init.csrf !== false) headers['x-csrftoken'] = CSRF
  if (init.body !== undefined) headers['content-type'] = 'application/json'
  return new Request(new URL(pathOrUrl, 'http://localhost:3000'), {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
}

export const params = <T extends Record<string, string>>(p: T) => ({ params: Promise.resolve(p) })
