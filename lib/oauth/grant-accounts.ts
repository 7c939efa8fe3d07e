// The accounts a signed-in user may connect an app to: those where their role holds
// oauth_company_integration_write. Checked again on approval, so a crafted companyId cannot
// grant an app access to an account the user does not manage.
import { db } from '@/lib/db/client'
import { resourcesForRole } from '@/lib/auth/roles'

export async function grantableAccounts(userId: number): Promise<Array<{ id: number; name: string }>> {
  const memberships = await db.membership.findMany({
    where: { userId },
    select: { role: true, company: { select: { id: true, name: true } } },
  })
  return memberships
    .filter((m) => resourcesForRole(m.role).includes('oauth_company_integration_write'))
    .map((m) => m.company)
    .sort((a, b) => a.name.localeCompare(b.name))
}
