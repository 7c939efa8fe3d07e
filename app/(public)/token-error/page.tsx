import { getTranslations } from 'next-intl/server'
import { TokenErrorScreen } from '@/components/auth/token-error-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('tokenError'))('title') }
}

export default function TokenErrorPage() {
  return <TokenErrorScreen />
}
