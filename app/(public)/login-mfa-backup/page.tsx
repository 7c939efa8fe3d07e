import { getTranslations } from 'next-intl/server'
import { MfaLoginScreen } from '@/components/auth/mfa-login-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('mfa'))('backupTitle') }
}

export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const { next } = await searchParams
  return <MfaLoginScreen mode="backup" next={typeof next === 'string' ? next : null} />
}
