// A company's transformations: create, read, update, delete, and the runs kept of them (drops
// and errors). Every write forgets the enabled-transformations cache of this process.
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import { ulid } from '@/lib/ids/make-id'
import { assertSource } from './check-source'
import { forgetTransformations } from './transformation-cache'

export const TRANSFORMATION_SOURCES = ['events'] as const

export interface TransformationInput {
  name?: string
  source?: string
  sourceCode?: string
  enabled?: boolean
}

type Row = NonNullable<Awaited<ReturnType<typeof db.transformation.findFirst>>>

export interface TransformationDto {
  id: string
  name: string
  source: string
  sourceCode: string
  enabled: boolean
  createdAt: string
  updatedAt: string
}

export const toTransformationDto = (r: Row): TransformationDto => ({
  id: r.id,
  name: r.name,
  source: r.source,
  sourceCode: r.sourceCode,
  enabled: r.enabled,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
})

function validate(input: TransformationInput, creating: boolean): void {
  const errors: Record<string, string[]> = {}
  const add = (f: string, m: string) => (errors[f] ??= []).push(m)
  if (creating || input.name !== undefined) {
    if (!input.name?.trim()) add('name', 'A name is required.')
    else if (input.name.length > 255) add('name', 'The name is at most 255 characters.')
  }
  if (input.source !== undefined && !(TRANSFORMATION_SOURCES as readonly string[]).includes(input.source))
    add('source', 'Choose a source: events (the /api and /client event ingest).')
  if (creating && input.sourceCode === undefined) add('source_code', 'The code is required.')
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]![0]!, errors)
}

/** transform(event) must exist: a code that only compiles would drop nothing and change nothing, silently. */
async function assertTransformSource(companyId: number, source: string) {
  await assertSource(companyId, source)
  if (!/\bfunction\s+transform\s*\(|\b(const|let|var)\s+transform\s*=/.test(source))
    throw badRequest('Define a function transform(event).', { source_code: ['Define a function transform(event).'] })
}

export async function createTransformation(companyId: number, input: TransformationInput): Promise<TransformationDto> {
  validate(input, true)
  await assertTransformSource(companyId, input.sourceCode!)
  const r = await db.transformation.create({
    data: {
      id: ulid(),
      companyId,
      name: input.name!.trim(),
      source: input.source ?? 'events',
      sourceCode: input.sourceCode!,
      enabled: input.enabled ?? false,
    },
  })
  forgetTransformations()
  return toTransformationDto(r)
}

export async function getTransformation(companyId: number, id: string): Promise<TransformationDto | null> {
  const r = await db.transformation.findFirst({ where: { companyId, id } })
  return r ? toTransformationDto(r) : null
}

export async function listTransformations(companyId: number): Promise<TransformationDto[]> {
  const rows = await db.transformation.findMany({ where: { companyId }, orderBy: { createdAt: 'desc' } })
  return rows.map(toTransformationDto)
}

export async function updateTransformation(
  companyId: number,
  id: string,
  input: TransformationInput,
): Promise<TransformationDto | null> {
  const row = await db.transformation.findFirst({ where: { companyId, id } })
  if (!row) return null
  validate(input, false)
  if (input.sourceCode !== undefined) await assertTransformSource(companyId, input.sourceCode)
  const r = await db.transformation.update({
    where: { id: row.id, companyId },
    data: {
      ...(input.name !== undefined ? { name: input.name.trim() } : {}),
      ...(input.source !== undefined ? { source: input.source } : {}),
      ...(input.sourceCode !== undefined ? { sourceCode: input.sourceCode } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
    },
  })
  forgetTransformations()
  return toTransformationDto(r)
}

export async function deleteTransformation(companyId: number, id: string): Promise<boolean> {
  const gone = await db.transformation.deleteMany({ where: { companyId, id } })
  if (!gone.count) return false
  await db.transformationInvocation.deleteMany({ where: { companyId, transformationId: id } })
  forgetTransformations()
  return true
}

export interface TransformationRunDto {
  id: string
  status: string
  input: unknown
  output: unknown
  error: string | null
  durationMs: number | null
  createdAt: string
}

export async function listTransformationRuns(companyId: number, id: string): Promise<TransformationRunDto[]> {
  const rows = await db.transformationInvocation.findMany({
    where: { companyId, transformationId: id },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: 50,
  })
  const parse = (t: string | null) => (t == null ? null : (JSON.parse(t) as unknown))
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    input: parse(r.input),
    output: parse(r.output),
    error: r.error,
    durationMs: r.durationMs,
    createdAt: r.createdAt.toISOString(),
  }))
}
