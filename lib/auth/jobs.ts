// The account mails run as jobs, so the sign-up and password-reset requests answer after the
// same work whether or not the email belongs to an account. Both handlers are idempotent
// enough for at-least-once delivery: a repeat sends one more mail with a fresh link.
import { registerJobHandler } from '@/lib/jobs/queue'
import { PASSWORD_RESET_JOB, sendPasswordResetMail } from './request-password-reset'
import { REGISTRATION_MAIL_JOB, sendRegistrationMail, type RegistrationMail } from './register-company'

export function register(): void {
  registerJobHandler(PASSWORD_RESET_JOB, async (payload: { email: string }) => sendPasswordResetMail(payload.email), {
    keepDone: false,
  })
  registerJobHandler(REGISTRATION_MAIL_JOB, async (payload: RegistrationMail) => sendRegistrationMail(payload), {
    keepDone: false,
  })
}
