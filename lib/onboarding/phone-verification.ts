// /account/verify-phone: a 6-digit code texted to the account's phone. Only an HMAC of the code
// is stored; a code works once, for 10 minutes, and for 5 wrong guesses at most; a new code
// replaces the one before. Sending is limited per account and per number, so the page cannot be
// used to text strangers or to run up the provider's bill.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { AppError, badRequest } from '@/lib/errors/app-error'
import { enforceRequestLimits, type RequestLimit } from '@/lib/rate-limit/request-limit'
import { sessionSecret } from '@/lib/auth/secret'
import { PHONE_E164 } from '@/lib/profiles/validate-profile'
import { sendVerificationText, verificationSender } from './verification-sms-sender'

export const CODE_TTL_MS = 10 * 60 * 1000
export const MAX_CODE_ATTEMPTS = 5
const HOUR = 60 * 60 * 1000
const TOO_MANY = 'Too many codes were sent. Please wait a while and try again.'
export const PHONE_CODE_LIMITS = {
  company: { bucket: 'verify-phone:company', max: 5, windowMs: HOUR, message: TOO_MANY },
  phone: { bucket: 'verify-phone:phone', max: 3, windowMs: HOUR, message: TOO_MANY },
} satisfies Record<string, RequestLimit>

export const sendPhoneCodeBody = z.object({
  phone: z.string().trim().regex(PHONE_E164, 'Use the international format, e.g. +15005550006.'),
})
export const confirmPhoneCodeBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6 digits of the code.'),
})

const hashCode = (companyId: number, code: string) =>
  createHmac('sha256', sessionSecret()).update(`phone-code:${companyId}:${code}`).digest('hex')

export async function sendPhoneCode(companyId: number, phone: string, now = new Date()) {
  const sender = await verificationSender(companyId)
  if (!sender) throw new AppError('sms_unavailable', 503, 'Text messages cannot be sent from this server yet.')
  await enforceRequestLimits(
    [
      [PHONE_CODE_LIMITS.company, String(companyId)],
      [PHONE_CODE_LIMITS.phone, phone],
    ],
    now.getTime(),
  )
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  // The earlier codes stop working: only the latest text is the one the user reads.
  await db.phoneVerificationCode.updateMany({ where: { companyId, usedAt: null }, data: { usedAt: now } })
  const row = await db.phoneVerificationCode.create({
    data: { companyId, phone, codeHash: hashCode(companyId, code), expiresAt: new Date(now.getTime() + CODE_TTL_MS) },
  })
  const r = await sendVerificationText(sender, phone, `Your verification code is ${code}. It expires in 10 minutes.`)
  if (r.kind !== 'accepted') {
    await db.phoneVerificationCode.delete({ where: { id: row.id } })
    if (r.kind === 'error' && r.httpStatus < 500)
      throw badRequest('Please correct the highlighted fields.', { phone: ['This number cannot receive our text.'] })
    throw new AppError('provider_unavailable', 502, 'The text could not be sent. Please try again.')
  }
  return { sent: true, phone, expiresAt: row.expiresAt.toISOString() }
}

export async function confirmPhoneCode(companyId: number, code: string, now = new Date()) {
  const row = await db.phoneVerificationCode.findFirst({
    where: { companyId, usedAt: null },
    orderBy: { id: 'desc' },
  })
  const wrong = (msg: string) => badRequest('Please correct the highlighted fields.', { code: [msg] })
  if (!row || row.expiresAt <= now) throw wrong('This code has expired. Send a new one.')
  if (row.attempts >= MAX_CODE_ATTEMPTS) throw wrong('Too many wrong codes. Send a new one.')
  const given = Buffer.from(hashCode(companyId, code), 'hex')
  if (!timingSafeEqual(given, Buffer.from(row.codeHash, 'hex'))) {
    await db.phoneVerificationCode.updateMany({
      where: { id: row.id, companyId },
      data: { attempts: { increment: 1 } },
    })
    throw wrong('That code is not right. Check the text and try again.')
  }
  // Single use even when two tabs send the same code at once: only one update finds it unused.
  const claimed = await db.phoneVerificationCode.updateMany({
    where: { id: row.id, companyId, usedAt: null },
    data: { usedAt: now },
  })
  if (!claimed.count) throw wrong('This code was already used. Send a new one.')
  await db.accountSetup.upsert({
    where: { companyId },
    create: { companyId, phone: row.phone, phoneVerifiedAt: now },
    update: { phone: row.phone, phoneVerifiedAt: now },
  })
  return { verified: true, phone: row.phone }
}
