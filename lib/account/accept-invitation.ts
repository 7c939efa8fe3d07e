// Accepting an invitation from its link (/account/create-password/{uid}/{token}).
// - Someone new sets their name and password: their user, the membership with the invited role
//   and the spent invitation are written together; the caller signs them in to the account.
// - Someone who already has a login signs in first, then joins the account.
// A link works once (claimed with a conditional update, so two submits cannot both use it).
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { AppError } from '@/lib/errors/app-error'
import { hashPassword, PASSWORD_MIN_LENGTH, verifyPassword } from '@/lib/auth/password'
import { beginPasswordAttempt, passwordAttemptSucceeded } from '@/lib/auth/password-attempt'
import { findValidInvitation, INVALID_INVITATION } from './invitation-token'
import { recordAudit } from './record-audit'

export const ACCOUNT_EXISTS = 'You already have a login with this email. Sign in to accept the invitation.'
export const WRONG_USER = 'This invitation was sent to another email address. Sign in with that address to accept it.'

const invalid = () => new AppError('invalid_token', 400, INVALID_INVITATION)

export const createPasswordBody = z
  .object({
    uid: z.string().max(40),
    token: z.string().max(200),
    firstName: z.string().trim().min(1, 'Enter your first name.').max(100),
    lastName: z.string().trim().min(1, 'Enter your last name.').max(100),
    password1: z.string().min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`).max(200),
    password2: z.string().max(200),
  })
  .refine((v) => v.password1 === v.password2, { path: ['password2'], message: 'The two passwords do not match.' })

export const acceptInvitationBody = z.object({
  uid: z.string().max(40),
  token: z.string().max(200),
  password: z.string().max(200).optional(),
})
export const BAD_PASSWORD = 'The password you entered is incorrect.'

/** What the link's page needs: who invited whom to what, and whether they already have a login. */
export async function describeInvitation(uid: string, token: string) {
  const inv = await findValidInvitation(uid, token)
  if (!inv) return null
  const [existing, inviter] = await Promise.all([
    db.user.findUnique({ where: { email: inv.email }, select: { id: true } }),
    inv.invitedById
      ? db.user.findUnique({ where: { id: inv.invitedById }, select: { firstName: true, lastName: true, email: true } })
      : null,
  ])
  return {
    email: inv.email,
    role: inv.role,
    companyId: inv.companyId,
    companyName: inv.company.name,
    inviterName: inviter ? [inviter.firstName, inviter.lastName].filter(Boolean).join(' ') || inviter.email : null,
    existingUserId: existing?.id ?? null,
  }
}

type Tx = Parameters<Parameters<typeof db.$transaction>[0]>[0]

async function claim(tx: Tx, id: number, now: Date) {
  const claimed = await tx.invitation.updateMany({
    where: { id, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
    data: { acceptedAt: now },
  })
  if (claimed.count !== 1) throw invalid()
}

export async function createPasswordFromInvitation(input: z.infer<typeof createPasswordBody>, now = new Date()) {
  const inv = await findValidInvitation(input.uid, input.token, now)
  if (!inv) throw invalid()
  if (await db.user.findUnique({ where: { email: inv.email }, select: { id: true } }))
    throw new AppError('account_exists', 409, ACCOUNT_EXISTS)
  const passwordHash = await hashPassword(input.password1)
  try {
    return await db.$transaction(async (tx) => {
      await claim(tx, inv.id, now)
      // The invitation reached this address, so the address is confirmed.
      const user = await tx.user.create({
        data: {
          email: inv.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          emailConfirmed: true,
        },
      })
      await tx.membership.create({
        data: { userId: user.id, companyId: inv.companyId, role: inv.role, isFavorite: true },
      })
      await recordAudit(tx, {
        companyId: inv.companyId,
        userId: user.id,
        action: 'user.invitation_accepted',
        details: { email: inv.email, role: inv.role },
      })
      return { userId: user.id, companyId: inv.companyId }
    })
  } catch (e) {
    // Someone registered this email between the check and the write: the unique index decides.
    if ((e as { code?: string }).code === 'P2002') throw new AppError('account_exists', 409, ACCOUNT_EXISTS)
    throw e
  }
}

/**
 * An existing login joins the account: signed in as the invited address, or, signed out, with
 * that login's password (the sign-in screen would refuse a user who has no account yet). Only
 * the holder of the emailed link can try a password here, within the sign-in limits.
 */
export async function acceptInvitationAsUser(
  signedIn: { id: number; email: string } | null,
  input: z.infer<typeof acceptInvitationBody>,
  from: { ip: string },
  now = new Date(),
) {
  const inv = await findValidInvitation(input.uid, input.token, now)
  if (!inv) throw invalid()
  let user = signedIn
  if (user && user.email.toLowerCase() !== inv.email) throw new AppError('wrong_user', 403, WRONG_USER)
  if (!user) {
    const found = await db.user.findUnique({
      where: { email: inv.email },
      select: { id: true, email: true, passwordHash: true },
    })
    if (!found) throw invalid()
    // A password tried here counts against the sign-in limits of that login.
    const attemptId = await beginPasswordAttempt(found.email, from.ip)
    if (!input.password || !(await verifyPassword(input.password, found.passwordHash))) {
      throw new AppError('invalid_credentials', 400, BAD_PASSWORD, { password: [BAD_PASSWORD] })
    }
    await passwordAttemptSucceeded(attemptId)
    user = { id: found.id, email: found.email }
  }
  const userId = user.id
  await db.$transaction(async (tx) => {
    await claim(tx, inv.id, now)
    const member = await tx.membership.findUnique({ where: { userId_companyId: { userId, companyId: inv.companyId } } })
    if (!member) await tx.membership.create({ data: { userId, companyId: inv.companyId, role: inv.role } })
    await recordAudit(tx, {
      companyId: inv.companyId,
      userId,
      action: 'user.invitation_accepted',
      details: { email: inv.email, role: inv.role },
    })
  })
  return { userId, companyId: inv.companyId }
}
