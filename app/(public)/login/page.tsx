import { getTranslations } from 'next-intl/server'
import { LoginScreen } from '@/components/auth/login-screen'
import { ssoErrorCode } from '@/components/sso/sso-errors'

export async function generateMetadata() {
  return { title: (await getTranslations('login'))('title') }
}

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const { next, sso_error } = await searchParams
  return <LoginScreen next={typeof next === 'string' ? next : null} ssoError={ssoErrorCode(sso_error)} />
}
