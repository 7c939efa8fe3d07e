import { ajax } from '@/lib/http/ajax'
import { listEventImports } from '@/lib/integrations/csv-events/list-imports'
import { getSftpConfig, sftpConfigInput } from '@/lib/integrations/sftp/config'
import { defaultDropDirectory, sftpRoot } from '@/lib/integrations/sftp/drop-root'
import { setUpDropFolder } from '@/lib/integrations/sftp/set-up-drop-folder'

// GET /ajax/integrations/sftp – the drop folder, its last scan and the imported files
export const GET = ajax({
  resources: ['sftp_read'],
  handler: async ({ ctx }) => {
    const companyId = ctx.principal.companyId
    const [config, imports] = await Promise.all([getSftpConfig(companyId), listEventImports(companyId, 'sftp')])
    return {
      root: sftpRoot(),
      defaultDirectory: defaultDropDirectory(companyId),
      imports,
      config: config && {
        directory: config.directory,
        enabled: config.enabled,
        patterns: config.patterns,
        lastScanAt: config.lastScanAt,
      },
    }
  },
})

// POST /ajax/integrations/sftp – save the folder and the file patterns (400 when outside the root)
export const POST = ajax({
  resources: ['sftp_read', 'integrations_write'],
  body: sftpConfigInput,
  handler: async ({ ctx, body }) => {
    const c = await setUpDropFolder(ctx.principal.companyId, body)
    return { config: { directory: c.directory, enabled: c.enabled, patterns: c.patterns, lastScanAt: c.lastScanAt } }
  },
})
