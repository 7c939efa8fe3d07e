// Every screen of the (app) group renders inside RouteScreen: it runs the server-side gate for
// the requested path (the proxy is a convenience, this is the lock) and draws the chrome of the
// route's layout kind. It lives in the page, not a layout, so it runs on every navigation;
// the shell's client state (toasts, session, chat) lives in app/(app)/layout.tsx and persists.
import { guardRoute, currentPathname } from '@/lib/server/guard-route'
import { buildNavItems } from '@/lib/routes/nav'
import { buildSettingsNav } from '@/lib/routes/settings-nav'
import { getHeaderData } from '@/lib/server/header-data'
import { AppFrame } from '@/components/shell/app-frame'
import { SendingSuspensionNotice } from '@/components/staff/sending-suspension-notice'

export async function RouteScreen({ children }: { children: React.ReactNode }) {
  const { pathname, search } = await currentPathname()
  const { route, principal, flags } = await guardRoute(pathname, search)
  if (!principal) {
    // Public and unauthenticated routes: no app chrome, no shell start-up.
    return <main id="main">{children}</main>
  }
  const header = await getHeaderData(principal)
  const navItems = buildNavItems(principal.resources, flags, pathname)
  const settingsNav = buildSettingsNav(principal.resources, flags, pathname)
  return (
    <AppFrame layout={route.layout} header={header} navItems={navItems} settingsNav={settingsNav}>
      <SendingSuspensionNotice companyId={principal.companyId} />
      {children}
    </AppFrame>
  )
}
