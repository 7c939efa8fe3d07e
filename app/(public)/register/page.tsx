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
  const q = await searchParams
  // A referral link (/register?ref=<code>) hands its code to the form, which sends it with the sign-up.
  const ref = typeof q.ref === 'string' ? q.ref.slice(0, 64) : undefined
  return <RegisterScreen sent={q.sent === '1'} referralCode={ref} />
}
