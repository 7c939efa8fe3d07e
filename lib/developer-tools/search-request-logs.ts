// /developer-tools/logs: the account's logged /api requests, newest first, filtered by path,
// status (one code or a class such as 4xx), caller and time range, in pages.
import { z } from 'zod'
import type { Prisma } from '@/generated/prisma/client'
import { db } from '@/lib/db/client'
import { callerNames, parseCaller, type CallerDto } from './callers'

const isoDate = z
  .string()
  .trim()
  .refine((s) => !Number.isNaN(Date.parse(s)), 'Enter a valid date and time.')

export const requestLogQuery = z
  .object({
    path: z.string().trim().max(200).optional(),
    status: z
      .string()
      .trim()
      .regex(/^([1-5]\d\d|[1-5]xx|errors)$/, 'Use a status code such as 404, a class such as 4xx, or "errors".')
      .optional(),
    caller: z
      .string()
      .trim()
      .regex(/^(key:\d{1,9}|app:.{1,100})$/, 'Unknown key or app.')
      .optional(),
    method: z.enum(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
    path: ['to'],
    message: 'The end must come after the start.',
  })

export type RequestLogQuery = z.infer<typeof requestLogQuery>

export interface RequestLogRowDto {
  id: number
  method: string
  path: string
  status: number
  latencyMs: number
  revision: string | null
  caller: CallerDto
  createdAt: string
}

function statusWhere(status: string | undefined): Prisma.ApiRequestLogWhereInput {
  if (!status) return {}
  if (status === 'errors') return { status: { gte: 400 } }
  if (status.endsWith('xx')) {
    const base = Number(status[0]) * 100
    return { status: { gte: base, lt: base + 100 } }
  }
  return { status: Number(status) }
}

export function requestLogWhere(
  companyId: number,
  q: Omit<RequestLogQuery, 'page' | 'pageSize'>,
): Prisma.ApiRequestLogWhereInput {
  const caller = parseCaller(q.caller)
  return {
    companyId,
    ...(q.path ? { path: { contains: q.path } } : {}),
    ...(q.method ? { method: q.method } : {}),
    ...statusWhere(q.status),
    ...(caller ? (caller.appId ? { appId: caller.appId } : { apiKeyId: caller.apiKeyId, appId: null }) : {}),
    ...(q.from || q.to
      ? { createdAt: { ...(q.from ? { gte: new Date(q.from) } : {}), ...(q.to ? { lte: new Date(q.to) } : {}) } }
      : {}),
  }
}

export async function searchRequestLogs(
  companyId: number,
  q: RequestLogQuery,
): Promise<{ rows: RequestLogRowDto[]; total: number; page: number; pageSize: number }> {
  const where = requestLogWhere(companyId, q)
  const [rows, total] = await Promise.all([
    db.apiRequestLog.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (q.page - 1) * q.pageSize,
      take: q.pageSize,
      select: {
        id: true,
        method: true,
        path: true,
        status: true,
        latencyMs: true,
        revision: true,
        apiKeyId: true,
        appId: true,
        createdAt: true,
      },
    }),
    db.apiRequestLog.count({ where }),
  ])
  const name = await callerNames(companyId, rows)
  return {
    rows: rows.map((r) => ({
      id: r.id,
      method: r.method,
      path: r.path,
      status: r.status,
      latencyMs: r.latencyMs,
      revision: r.revision,
      caller: name(r),
      createdAt: r.createdAt.toISOString(),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  }
}
