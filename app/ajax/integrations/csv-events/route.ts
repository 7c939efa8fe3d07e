import { ajax, z } from '@/lib/http/ajax'
import { createUploadImport } from '@/lib/integrations/csv-events/create-upload-import'
import { listEventImports } from '@/lib/integrations/csv-events/list-imports'

// GET /ajax/integrations/csv-events – the upload history; POST – a CSV of events with its mapping
export const GET = ajax({
  resources: ['integrations_read'],
  handler: async ({ ctx }) => ({ imports: await listEventImports(ctx.principal.companyId, 'upload') }),
})

export const POST = ajax({
  resources: ['integrations_write'],
  body: z.object({ fileName: z.string().max(255).optional(), csv: z.string(), mapping: z.unknown() }),
  status: 202,
  handler: async ({ ctx, body }) => {
    const row = await createUploadImport(ctx.principal.companyId, { ...body, userId: ctx.principal.user.id })
    return { import: { id: row.id, status: row.status, totalRows: row.totalRows } }
  },
})
