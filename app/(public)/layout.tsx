// Public and signed-out screens: the centred auth frame with the logo, no application chrome.
import { AuthLayout } from '@/components/auth/auth-layout'

export default function PublicLayout({ children }: { children: React.ReactNode }) {
  return <AuthLayout>{children}</AuthLayout>
}
