// A function's invocations, newest first (the /cdp/code/function/{functionId} screen), and one
// with its input, output and logs; always within the company.
import { db } from '@/lib/db/client'

export interface InvocationDto {
  id: string
  functionId: string
  eventId: number | null
  status: string
  error: string | null
  durationMs: number | null
  createdAt: string
  finishedAt: string | null
}

export interface InvocationDetailDto extends InvocationDto {
  input: unknown
  output: unknown
  logs: string[]
}

type Row = NonNullable<Awaited<ReturnType<typeof db.codeFunctionInvocation.findFirst>>>

const dto = (r: Row): InvocationDto => ({
  id: r.id,
  functionId: r.functionId,
  eventId: r.eventId,
  status: r.status,
  error: r.error,
  durationMs: r.durationMs,
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
})

const parse = (text: string | null) => {
  if (text == null) return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

export const INVOCATIONS_PAGE = 50

/** A page of invocations, newest first; `before` is the createdAt ISO of the last one seen. */
export async function listInvocations(
  companyId: number,
  functionId: string,
  opts: { status?: 'ok' | 'error' | 'pending'; before?: string } = {},
): Promise<{ invocations: InvocationDto[]; hasMore: boolean }> {
  const rows = await db.codeFunctionInvocation.findMany({
    where: {
      companyId,
      functionId,
      ...(opts.status ? { status: opts.status } : {}),
      ...(opts.before ? { createdAt: { lt: new Date(opts.before) } } : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: INVOCATIONS_PAGE + 1,
  })
  return { invocations: rows.slice(0, INVOCATIONS_PAGE).map(dto), hasMore: rows.length > INVOCATIONS_PAGE }
}

export async function getInvocation(
  companyId: number,
  functionId: string,
  id: string,
): Promise<InvocationDetailDto | null> {
  const r = await db.codeFunctionInvocation.findFirst({ where: { companyId, functionId, id } })
  if (!r) return null
  return { ...dto(r), input: parse(r.input), output: parse(r.output), logs: r.logs ? r.logs.split('\n') : [] }
}
