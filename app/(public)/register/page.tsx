import { getTranslations } from 'next-intl/server'
import { RegisterScreen } from '@/components/auth/register-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('register'))('title') }
}

export default function RegisterPage() {
  return <RegisterScreen />
}
