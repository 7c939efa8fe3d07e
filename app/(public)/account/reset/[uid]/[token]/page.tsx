import { redirect } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { findValidResetToken } from '@/lib/auth/reset-token'
import { ChooseNewPasswordScreen } from '@/components/auth/password-reset-screens'

export async function generateMetadata() {
  return { title: (await getTranslations('passwordReset'))('choose.title') }
}

export default async function ResetPasswordPage({ params }: { params: Promise<{ uid: string; token: string }> }) {
  const { uid, token } = await params
  if (!(await findValidResetToken(uid, token))) redirect('/token-error')
  return <ChooseNewPasswordScreen uid={uid} token={token} />
}
