// Sign-up: a company with its public API key, its owner and the owner's membership, written
// in one transaction so a failure leaves nothing behind. The answer never says whether the
// email already has an account: a new owner gets a mail with a confirmation link, the owner of
// an existing account a mail saying someone tried to sign up with it (sign in or reset the
// password), and both requests get the same answer after the same work (limits, a password
// hash, one queued mail).
import { randomInt } from 'node:crypto'
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { DEFAULT_ON } from '@/lib/flags/get-feature-flags'
import { hashPassword, PASSWORD_MIN_LENGTH } from './password'
import { appLink } from '@/lib/config/app-url'
import { enforceRequestLimits, type RequestLimit } from '@/lib/rate-limit/request-limit'
import { enqueue } from '@/lib/jobs/queue'
import { sendAccountMail } from './auth-mail'
import { emailConfirmationLink } from './email-confirmation'
import { normaliseEmail } from './login-rate-limit'
import { normaliseTimeZone, UNKNOWN_TIME_ZONE } from '@/lib/metrics/time-zones'
import { findReferrer, recordReferral } from './record-referral'

const TOO_MANY = 'Too many sign-up attempts. Please wait a while and try again.'
// Sign-ups per client address and hour: 10 unless the operator sets REGISTER_LIMIT_PER_IP (an
// agency signing its stores up from one office address, or the browser tests' one loopback client).
const perIp = Number(process.env.REGISTER_LIMIT_PER_IP)
export const REGISTRATION_LIMITS = {
  ip: {
    bucket: 'register:ip',
    max: Number.isInteger(perIp) && perIp > 0 ? perIp : 10,
    windowMs: 60 * 60 * 1000,
    message: TOO_MANY,
  },
  email: { bucket: 'register:email', max: 3, windowMs: 60 * 60 * 1000, message: TOO_MANY },
} satisfies Record<string, RequestLimit>

export const REGISTRATION_MAIL_JOB = 'auth.registration-mail'
/** 'confirm': the new owner's confirmation link; 'existing': someone signed up with a taken address. */
export type RegistrationMail = { kind: 'confirm' | 'existing'; userId: number }

export const registerBody = z.object({
  companyName: z.string().trim().min(1, 'Enter your company name.').max(200),
  firstName: z.string().trim().min(1, 'Enter your first name.').max(100),
  lastName: z.string().trim().min(1, 'Enter your last name.').max(100),
  email: z.string().trim().email('Enter a valid email address.').max(254),
  password: z.string().min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`).max(200),
  // The account's time zone (the form offers the browser's); left out, the account starts in UTC.
  timezone: z
    .string()
    .max(100)
    .optional()
    .refine((v) => !v || normaliseTimeZone(v) !== null, UNKNOWN_TIME_ZONE)
    .transform((v) => (v ? normaliseTimeZone(v)! : 'UTC')),
  // The referral code of the link the visitor came through (/register?ref=…); a malformed one is
  // dropped rather than refused, so a bad link never stops a sign-up.
  ref: z.string().trim().max(64).optional().catch(undefined),
})
export type RegisterInput = z.infer<typeof registerBody>

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

export function randomPublicApiKey(): string {
  let key = ''
  for (let i = 0; i < 6; i++) key += KEY_ALPHABET[randomInt(KEY_ALPHABET.length)]
  return key
}

async function uniquePublicApiKey(): Promise<string> {
  for (let i = 0; i < 10; i++) {
    const key = randomPublicApiKey()
    if (!(await db.company.findUnique({ where: { publicApiKey: key }, select: { id: true } }))) return key
  }
  throw new Error('Could not find a free public API key')
}

export async function registerCompany(input: RegisterInput, ip: string): Promise<void> {
  const email = normaliseEmail(input.email)
  await enforceRequestLimits([
    [REGISTRATION_LIMITS.ip, ip],
    [REGISTRATION_LIMITS.email, email],
  ])
  // Hashed whether or not the email is taken, so the answer takes as long either way; and
  // before the transaction: SQLite has one writer, keep it short.
  const passwordHash = await hashPassword(input.password)
  const existing = await db.user.findUnique({ where: { email }, select: { id: true } })
  if (existing) return mailExistingOwner(existing.id)
  const publicApiKey = await uniquePublicApiKey()
  const referrer = await findReferrer(input.ref)
  let userId: number
  try {
    userId = await db.$transaction(async (tx) => {
      const company = await tx.company.create({
        data: { name: input.companyName, publicApiKey, timezone: input.timezone },
      })
      const user = await tx.user.create({
        data: { email, passwordHash, firstName: input.firstName, lastName: input.lastName },
      })
      await tx.membership.create({ data: { userId: user.id, companyId: company.id, role: 'owner', isFavorite: true } })
      await tx.featureFlag.createMany({
        data: DEFAULT_ON.map((name) => ({ companyId: company.id, name, enabled: true })),
      })
      if (referrer) await recordReferral(tx, referrer, company.id)
      return user.id
    })
  } catch (e) {
    // Two sign-ups racing for one email: the unique index decides, the loser is told by mail.
    const winner =
      (e as { code?: string }).code === 'P2002'
        ? await db.user.findUnique({ where: { email }, select: { id: true } })
        : null
    if (winner) return mailExistingOwner(winner.id)
    throw e
  }
  await enqueue(REGISTRATION_MAIL_JOB, { kind: 'confirm', userId } satisfies RegistrationMail, { maxAttempts: 3 })
}

async function mailExistingOwner(userId: number): Promise<void> {
  await enqueue(REGISTRATION_MAIL_JOB, { kind: 'existing', userId } satisfies RegistrationMail, { maxAttempts: 3 })
}

/** The job: the mail for one sign-up. */
export async function sendRegistrationMail({ kind, userId }: RegistrationMail): Promise<void> {
  const user = await db.user.findUnique({ where: { id: userId } })
  if (!user) return
  const name = user.firstName || user.email
  if (kind === 'confirm') {
    await sendAccountMail(user.email, user.locale, ['register', 'confirmMail'], {
      name,
      link: emailConfirmationLink(user),
    })
  } else {
    await sendAccountMail(user.email, user.locale, ['register', 'existingMail'], {
      name,
      loginLink: appLink('/login'),
      resetLink: appLink('/account/password-reset'),
    })
  }
}
