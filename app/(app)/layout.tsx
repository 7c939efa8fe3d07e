// The authenticated application: the client shell (start-up calls, session, toasts, banners,
// chat, version and device checks) persists across navigations here; each page draws its
// chrome through RouteScreen.
import { ShellProvider } from '@/components/shell/shell-provider'
import { getCurrentPrincipal } from '@/lib/server/current-principal'

export default async function AppLayout({ children }: { children: React.ReactNode }) {
  const principal = await getCurrentPrincipal()
  if (!principal) return <>{children}</>
  return (
    <ShellProvider
      initial={{ companyId: principal.companyId, userId: principal.userId, companyName: principal.company.name }}
    >
      {children}
    </ShellProvider>
  )
}
