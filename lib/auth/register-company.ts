// Sign-up: a company with its public API key, its owner and the owner's membership, written
// in one transaction so a failure leaves nothing behind.
import { randomInt } from 'node:crypto'
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { AppError } from '@/lib/http/app-error'
import { DEFAULT_ON } from '@/lib/flags/get-feature-flags'
import { hashPassword, PASSWORD_MIN_LENGTH } from './password'
import { normaliseEmail } from './login-rate-limit'

export const EMAIL_TAKEN = 'An account with this email already exists.'

export const registerBody = z.object({
  companyName: z.string().trim().min(1, 'Enter your company name.').max(200),
  firstName: z.string().trim().min(1, 'Enter your first name.').max(100),
  lastName: z.string().trim().min(1, 'Enter your last name.').max(100),
  email: z.string().trim().email('Enter a valid email address.').max(254),
  password: z.string().min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`).max(200),
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

const emailTaken = () => new AppError('invalid', 400, 'Please correct the highlighted fields.', { email: [EMAIL_TAKEN] })

export async function registerCompany(input: RegisterInput) {
  const email = normaliseEmail(input.email)
  if (await db.user.findUnique({ where: { email }, select: { id: true } })) throw emailTaken()
  // Hash and pick the key before the transaction: SQLite has one writer, keep it short.
  const passwordHash = await hashPassword(input.password)
  const publicApiKey = await uniquePublicApiKey()
  try {
    return await db.$transaction(async (tx) => {
      const company = await tx.company.create({ data: { name: input.companyName, publicApiKey } })
      const user = await tx.user.create({
        data: { email, passwordHash, firstName: input.firstName, lastName: input.lastName },
      })
      await tx.membership.create({ data: { userId: user.id, companyId: company.id, role: 'owner', isFavorite: true } })
      await tx.featureFlag.createMany({ data: DEFAULT_ON.map((name) => ({ companyId: company.id, name, enabled: true })) })
      return { company, user }
    })
  } catch (e) {
    // Two sign-ups racing for one email: the unique index decides.
    if ((e as { code?: string }).code === 'P2002' && (await db.user.findUnique({ where: { email }, select: { id: true } }))) throw emailTaken()
    throw e
  }
}
