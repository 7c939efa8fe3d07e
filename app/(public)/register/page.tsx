import { getTranslations } from 'next-intl/server'
import { RegisterScreen } from '@/components/auth/register-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('register'))('title') }
}

export default async function RegisterPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  return <RegisterScreen sent={(await searchParams).sent === '1'} />
}
