// Sign-in to the customer hub by a one-time code mailed to the shopper (no password): 6 digits,
// single use, 10 minutes, five guesses per code, and rate limited per address and per IP so the
// code can neither be flooded into someone's inbox nor guessed across many fresh codes.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { takeToken, type RateLimit } from '@/lib/api/rate-limit'
import { AppError, badRequest } from '@/lib/errors/app-error'
import { ulid } from '@/lib/ids/make-id'
import { getMailer } from '@/lib/mail/mailer'
import { createHubSession } from './hub-session'
import { recordHubSignIn } from './record-hub-visit'

export const CODE_TTL_MS = 10 * 60_000
export const MAX_CODE_ATTEMPTS = 5
export const CODE_LIMIT_PER_ADDRESS: RateLimit = { burst: 1, steady: 3 }
export const CODE_LIMIT_PER_IP: RateLimit = { burst: 3, steady: 20 }
export const VERIFY_LIMIT_PER_IP: RateLimit = { burst: 5, steady: 30 }
// Guesses at one address from many IPs: with three codes a minute and five guesses each, still slow.
export const VERIFY_LIMIT_PER_ADDRESS: RateLimit = { burst: 3, steady: 10 }

export const hubCodeRequestBody = z.object({ email: z.string().trim().toLowerCase().email().max(254) }).strict()
export const hubCodeVerifyBody = z
  .object({
    email: z.string().trim().toLowerCase().email().max(254),
    code: z.string().regex(/^\d{6}$/, 'Enter the 6-digit code.'),
  })
  .strict()

const hashCode = (id: string, code: string) => createHash('sha256').update(`${id}:${code}`).digest()

const tooMany = () => new AppError('throttled', 429, 'Too many attempts. Try again in a few minutes.')

async function limit(key: string, l: RateLimit) {
  if (!(await takeToken(key, l)).allowed) throw tooMany()
}

async function profileByEmail(companyId: number, email: string) {
  return db.profile.findFirst({ where: { companyId, email }, select: { id: true } })
}

/** Mails a code when the address is a profile of the company; answers the same either way. */
export async function requestHubCode(
  company: { id: number; name: string },
  email: string,
  ip: string,
  now = new Date(),
): Promise<void> {
  await limit(`hub-code:ip:${ip}`, CODE_LIMIT_PER_IP)
  await limit(`hub-code:addr:${company.id}:${email}`, CODE_LIMIT_PER_ADDRESS)
  const profile = await profileByEmail(company.id, email)
  // No profile: nothing to sign in to, and the same answer, so the form does not reveal customers.
  if (!profile) return
  const id = ulid(now.getTime())
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  await db.hubLoginCode.create({
    data: {
      id,
      companyId: company.id,
      profileId: profile.id,
      codeHash: hashCode(id, code).toString('hex'),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    },
  })
  await getMailer().send({
    to: email,
    subject: `Your ${company.name} sign-in code: ${code}`,
    text: `Your sign-in code for ${company.name} is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this email.`,
    kind: 'security_notice',
    companyId: company.id,
  })
}

const wrongCode = () =>
  badRequest('That code is wrong or has expired.', { code: ['That code is wrong or has expired.'] })

/** Checks the newest live code of the address; on success marks it used and opens a hub session. */
export async function verifyHubCode(companyId: number, email: string, code: string, ip: string, now = new Date()) {
  await limit(`hub-verify:ip:${ip}`, VERIFY_LIMIT_PER_IP)
  await limit(`hub-verify:addr:${companyId}:${email}`, VERIFY_LIMIT_PER_ADDRESS)
  const profile = await profileByEmail(companyId, email)
  if (!profile) throw wrongCode()
  const row = await db.hubLoginCode.findFirst({
    where: { companyId, profileId: profile.id, usedAt: null, expiresAt: { gt: now } },
    orderBy: { createdAt: 'desc' },
  })
  if (!row || row.attempts >= MAX_CODE_ATTEMPTS) throw wrongCode()
  const ok = timingSafeEqual(hashCode(row.id, code), Buffer.from(row.codeHash, 'hex'))
  if (!ok) {
    await db.hubLoginCode.update({ where: { id: row.id }, data: { attempts: { increment: 1 } } })
    throw wrongCode()
  }
  // Claimed with a conditional update so two concurrent uses of one code open one session.
  const claimed = await db.hubLoginCode.updateMany({
    where: { id: row.id, usedAt: null },
    data: { usedAt: now },
  })
  if (claimed.count !== 1) throw wrongCode()
  const session = await createHubSession(companyId, profile.id, now)
  await recordHubSignIn(companyId, profile.id, row.id, now)
  return session
}
