// The query string of GET /ajax/downloads/status; row_count is the page size.
import { z } from 'zod'

export const listDownloadsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  status: z.enum(['queued', 'processing', 'complete', 'failed']).optional(),
  download_type: z
    .string()
    .regex(/^[a-z_]{1,40}$/)
    .optional(),
  row_count: z.coerce.number().int().min(1).max(100).default(25),
})
