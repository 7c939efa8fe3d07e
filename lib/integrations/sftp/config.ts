// The SFTP drop-folder settings (/sftp/set-up): the folder, and per file pattern the kind of rows
// (events or profiles) and their mapping. Saving books the first scan.
import fs from 'node:fs'
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { CSV_TARGETS } from '@/lib/imports/import-types'
import { csvEventMappingSchema } from '@/lib/integrations/csv-events/mapping'
import { defaultDropDirectory, resolveDropDirectory } from './drop-root'

const profileTarget = z
  .string()
  .refine(
    (t) => (CSV_TARGETS as readonly string[]).includes(t) || /^properties\.\S+$/.test(t),
    'Unknown profile field.',
  )

export const filePatternSchema = z.discriminatedUnion('kind', [
  z.object({ pattern: z.string().trim().min(1).max(200), kind: z.literal('events'), mapping: csvEventMappingSchema }),
  z.object({
    pattern: z.string().trim().min(1).max(200),
    kind: z.literal('profiles'),
    mapping: z
      .array(z.object({ column: z.string(), target: profileTarget }))
      .min(1)
      .max(1000),
  }),
])
export type FilePattern = z.infer<typeof filePatternSchema>

export const sftpConfigInput = z.object({
  directory: z.string().trim().max(1000).optional(),
  enabled: z.boolean().default(true),
  patterns: z.array(filePatternSchema).min(1).max(20),
})
export type SftpConfigInput = z.infer<typeof sftpConfigInput>

/** A file name against a pattern: `*` any run of characters, `?` one; case-insensitive. */
export function matchesPattern(name: string, pattern: string): boolean {
  const re = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.')
  return new RegExp(`^${re}$`, 'i').test(name)
}

export async function getSftpConfig(companyId: number) {
  const row = await db.sftpImportConfig.findUnique({ where: { companyId } })
  return row ? { ...row, patterns: JSON.parse(row.mappings) as FilePattern[] } : null
}

export async function saveSftpConfig(companyId: number, input: SftpConfigInput) {
  let directory = input.directory
  if (!directory) {
    directory = defaultDropDirectory(companyId)
    fs.mkdirSync(directory, { recursive: true })
  }
  const real = resolveDropDirectory(directory)
  const data = { directory: real, enabled: input.enabled, mappings: JSON.stringify(input.patterns) }
  await db.sftpImportConfig.upsert({ where: { companyId }, create: { companyId, ...data }, update: data })
  return (await getSftpConfig(companyId))!
}
