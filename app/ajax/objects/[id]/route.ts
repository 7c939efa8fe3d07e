import { ajax } from '@/lib/http/ajax'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { getObjectType, ownsDataSource, updateObjectType } from '@/lib/custom-objects/object-types'
import { builderBody, toFields } from '@/lib/custom-objects/builder-body'

// GET /ajax/objects/{id} – one object type as the builder edits it
export const GET = ajax({
  resources: ['profile_read'],
  handler: async ({ ctx, params }) => {
    const t = await getObjectType(ctx.principal.companyId, String(params.id))
    if (!t) throw notFound('Object not found.')
    return {
      id: t.id,
      key: t.key,
      title: t.title,
      status: t.status,
      fields: t.fields.map((f) => ({ name: f.name, type: f.type, path: f.path })),
      dataSourceId: t.dataSourceId,
      idPath: t.idPath,
      profileIdType: t.profileIdType,
      profilePath: t.profilePath,
    }
  },
})

// PUT /ajax/objects/{id} – the builder's save of an existing object type
export const PUT = ajax({
  resources: ['profile_write'],
  body: builderBody,
  handler: async ({ ctx, params, body }) => {
    const companyId = ctx.principal.companyId
    if (body.dataSourceId && !(await ownsDataSource(companyId, body.dataSourceId)))
      throw badRequest('This data source was not found.', { dataSourceId: ['This data source was not found.'] })
    const t = await updateObjectType(companyId, String(params.id), {
      ...body,
      dataSourceId: body.dataSourceId ?? null,
      profileIdType: body.profileIdType ?? null,
      profilePath: body.profilePath ?? null,
      fields: toFields(body),
    })
    if (!t) throw notFound('Object not found.')
    return { id: t.id, key: t.key }
  },
})
