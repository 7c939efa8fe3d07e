import { ajax } from '@/lib/http/ajax'
import { listDirectory } from '@/lib/integrations/directory'

// GET /ajax/integrations/directory – the app directory with each entry's status for this account
export const GET = ajax({
  resources: ['integrations_read'],
  handler: async ({ ctx }) => ({ apps: await listDirectory(ctx.principal.companyId) }),
})
export type DirectoryResponse = { apps: Awaited<ReturnType<typeof listDirectory>> }
