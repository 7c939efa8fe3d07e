import { ajax } from '@/lib/http/ajax'
import { badRequest } from '@/lib/errors/app-error'
import { listDataSources } from '@/lib/custom-objects/data-sources'
import { createObjectType, listObjectTypesWithCounts, ownsDataSource } from '@/lib/custom-objects/object-types'
import { builderBody, toFields } from '@/lib/custom-objects/builder-body'

// GET /ajax/objects – the object types with their record counts, and the data sources to pick from
export const GET = ajax({
  resources: ['profile_read'],
  handler: async ({ ctx }) => {
    const companyId = ctx.principal.companyId
    const [types, sources] = await Promise.all([
      listObjectTypesWithCounts(companyId),
      listDataSources(companyId, { take: 500 }),
    ])
    return {
      types: types.map((t) => ({
        id: t.id,
        key: t.key,
        title: t.title,
        status: t.status,
        fieldCount: t.fields.length,
        recordCount: t.recordCount,
        profileLinked: Boolean(t.profileIdType),
        updatedAt: t.updatedAt.toISOString(),
      })),
      sources: sources.map((s) => ({ id: s.id, title: s.title })),
    }
  },
})
export type ObjectsListResponse = {
  types: Array<{
    id: string
    key: string
    title: string
    status: string
    fieldCount: number
    recordCount: number
    profileLinked: boolean
    updatedAt: string
  }>
  sources: Array<{ id: string; title: string }>
}

// POST /ajax/objects – the builder's save of a new object type
export const POST = ajax({
  resources: ['profile_write'],
  body: builderBody,
  status: 201,
  handler: async ({ ctx, body }) => {
    const companyId = ctx.principal.companyId
    if (body.dataSourceId && !(await ownsDataSource(companyId, body.dataSourceId)))
      throw badRequest('This data source was not found.', { dataSourceId: ['This data source was not found.'] })
    const t = await createObjectType(companyId, { ...body, fields: toFields(body) })
    return { id: t.id, key: t.key }
  },
})
