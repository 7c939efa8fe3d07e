import { ajax } from '@/lib/http/ajax'
import { notFound } from '@/lib/errors/app-error'
import { getSftpConfig } from '@/lib/integrations/sftp/config'
import { scanDropFolder } from '@/lib/integrations/sftp/scan-drop-folder'

// POST /ajax/integrations/sftp/scan – scan the drop folder now instead of waiting for the next slot
export const POST = ajax({
  resources: ['sftp_read', 'integrations_write'],
  handler: async ({ ctx }) => {
    if (!(await getSftpConfig(ctx.principal.companyId))) throw notFound('The drop folder is not set up.')
    return { scan: await scanDropFolder(ctx.principal.companyId) }
  },
})
