// Sign-in with email and password: the rate limit, a constant-time answer for unknown
// emails, the company to start in (favourite membership, else the first) and a new session.
import { db } from '@/lib/db/client'
import { AppError } from '@/lib/errors/app-error'
import { startSession } from './start-session'
import { hashPassword, verifyPassword } from './password'
import { normaliseEmail } from './login-rate-limit'
import { beginPasswordAttempt, passwordAttemptSucceeded } from './password-attempt'
import { assertPasswordAllowed } from './sso/password-allowed'

export { ACCOUNT_SLOWED } from './password-attempt'

export const BAD_CREDENTIALS = 'The email or password you entered is incorrect.'
export const NO_MEMBERSHIP = 'Your user is not a member of any account. Ask an account owner to invite you.'

let dummyHash: Promise<string> | null = null
// Unknown emails still pay for one scrypt verify, so response time does not reveal accounts.
const getDummyHash = () => (dummyHash ??= hashPassword('not-a-real-password-' + Math.random()))

export interface LoginInput {
  email: string
  password: string
  ip: string
  userAgent?: string | null
  /** The session this browser already had: it ends here, only the new one stays valid. */
  replaces?: string | null
}

export async function loginUser(input: LoginInput) {
  const email = normaliseEmail(input.email)
  const attemptId = await beginPasswordAttempt(email, input.ip)

  const user = await db.user.findUnique({ where: { email } })
  const ok = user
    ? await verifyPassword(input.password, user.passwordHash)
    : (await verifyPassword(input.password, await getDummyHash()), false)
  if (!user || !ok) throw new AppError('invalid_credentials', 401, BAD_CREDENTIALS)

  const membership = await db.membership.findFirst({
    where: { userId: user.id },
    orderBy: [{ isFavorite: 'desc' }, { id: 'asc' }],
  })
  if (!membership) throw new AppError('no_membership', 401, NO_MEMBERSHIP)

  await passwordAttemptSucceeded(attemptId)
  // Issue 27 §3: an account that enforces single sign-on takes no password, except from its exempt members.
  await assertPasswordAllowed(user.id, membership.companyId)
  // The password alone gives a half-authenticated session when a second factor is on or the
  // company requires one (start-session.ts).
  const { session, mfaPending } = await startSession({
    userId: user.id,
    companyId: membership.companyId,
    ip: input.ip,
    userAgent: input.userAgent,
    replaces: input.replaces,
  })
  return { session, user, companyId: membership.companyId, mfaPending }
}
