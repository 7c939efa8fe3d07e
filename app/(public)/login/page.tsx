import { getTranslations } from 'next-intl/server'
import { LoginScreen } from '@/components/auth/login-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('login'))('title') }
}

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const { next } = await searchParams
  return <LoginScreen next={typeof next === 'string' ? next : null} />
}
