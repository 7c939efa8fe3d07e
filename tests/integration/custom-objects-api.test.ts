/** @jest-environment node */
// Issue 27 §4: the custom objects /api family through its real route handlers and through the
// official SDK (klaviyo-api 23.x): data sources, record jobs run by the worker (set-based,
// idempotent per record id), object types with their schema and profile link, records; bad
// bodies are JSON:API 400s naming the field, another company's ids are 404s and its rows invisible.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { ApiKeySession, CustomObjectsApi } from 'klaviyo-api'
import { db } from '@/lib/db/client'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { registerJobHandlers } from '@/lib/server/job-handlers'
import { makeCompany } from '../helpers/factory'
import { makeApiKey } from '../helpers/route-server'
import { callObjects, startObjectsServer, type RouteServer } from './custom-objects-routes'

let server: RouteServer
let companyId: number
let otherId: number
let key: string
let otherKey: string
let sdk: CustomObjectsApi

async function failure(p: Promise<unknown>) {
  try {
    await p
  } catch (e) {
    const err = e as { response?: { status: number; data: unknown } }
    return {
      status: err.response!.status,
      body: err.response!.data as { errors: Array<{ source?: { pointer?: string } }> },
    }
  }
  throw new Error('expected the call to fail')
}

const typeBody = (sourceId: string, title = 'Vehicle') => ({
  data: {
    type: 'object-type',
    attributes: {
      title,
      'object-schema': {
        data: {
          type: 'object-schema',
          attributes: {
            status: 'active',
            properties: [
              { id: 1, name: 'vin', type: 'string' },
              { id: 2, name: 'year', type: 'int' },
              { id: 3, name: 'price', type: 'float' },
              { id: 4, name: 'electric', type: 'boolean' },
              { id: 5, name: 'bought_at', type: 'timestamp' },
            ],
            required: ['vin'],
            'source-mapping': {
              data: {
                type: 'source-mapping',
                attributes: {
                  property_mappings: [
                    { id: 1, type: 'simple', source: { source_id: sourceId, id_path: '$.vin', data_path: '$.vin' } },
                    {
                      id: 2,
                      type: 'simple',
                      source: { source_id: sourceId, id_path: '$.vin', data_path: '$.specs.year' },
                    },
                    { id: 3, type: 'simple', source: { source_id: sourceId, id_path: '$.vin', data_path: '$.price' } },
                    { id: 4, type: 'simple', source: { source_id: sourceId, id_path: '$.vin', data_path: '$.ev' } },
                    { id: 5, type: 'simple', source: { source_id: sourceId, id_path: '$.vin', data_path: '$.bought' } },
                  ],
                  relationship_mappings: [
                    {
                      relationship_id: 'owner',
                      type: 'simple',
                      source: {
                        source_id: sourceId,
                        type: 'profile',
                        id_path: '$.vin',
                        related_id_paths: [{ identifier_type: 'email', path: '$.owner' }],
                      },
                    },
                  ],
                },
              },
            },
          },
        },
      },
    },
  },
})

// The SDK's models are camelCase (it maps them to the wire's names).
const sdkTypeBody = (sourceId: string, title: string) => {
  const simple = (id: number, dataPath: string) => ({
    id,
    type: 'simple',
    source: { sourceId, idPath: '$.vin', dataPath },
  })
  return {
    data: {
      type: 'object-type',
      attributes: {
        title,
        objectSchema: {
          data: {
            type: 'object-schema',
            attributes: {
              status: 'active',
              properties: [
                { id: 1, name: 'vin', type: 'string' },
                { id: 2, name: 'year', type: 'int' },
              ],
              required: ['vin'],
              sourceMapping: {
                data: {
                  type: 'source-mapping',
                  attributes: {
                    propertyMappings: [simple(1, '$.vin'), simple(2, '$.year')],
                    relationshipMappings: [
                      {
                        relationshipId: 'owner',
                        type: 'simple',
                        source: {
                          sourceId,
                          type: 'profile',
                          idPath: '$.vin',
                          relatedIdPaths: [{ identifierType: 'email', path: '$.owner' }],
                        },
                      },
                    ],
                  },
                },
              },
            },
          },
        },
      },
    },
  }
}
const sdkBulk = (sourceId: string, records: Array<Record<string, unknown>>) => ({
  data: {
    type: 'data-source-record-bulk-create-job',
    attributes: {
      dataSourceRecords: { data: records.map((record) => ({ type: 'data-source-record', attributes: { record } })) },
    },
    relationships: { dataSource: { data: { type: 'data-source', id: sourceId } } },
  },
})

const bulk = (sourceId: string, records: Array<Record<string, unknown>>) => ({
  data: {
    type: 'data-source-record-bulk-create-job',
    attributes: {
      'data-source-records': {
        data: records.map((record) => ({ type: 'data-source-record', attributes: { record } })),
      },
    },
    relationships: { 'data-source': { data: { type: 'data-source', id: sourceId } } },
  },
})

beforeAll(async () => {
  registerJobHandlers()
  server = await startObjectsServer({ onRequest: resetRateLimits })
  companyId = (await makeCompany('Objects')).id
  otherId = (await makeCompany('Other objects')).id
  key = await makeApiKey(companyId)
  otherKey = await makeApiKey(otherId)
  sdk = new CustomObjectsApi(new ApiKeySession(key))
  sdk.basePath = server.url
  await db.profile.createMany({
    data: [
      { id: 'PrfAda', companyId, email: 'ada@example.com' },
      { id: 'PrfOtherAda', companyId: otherId, email: 'ada@example.com' },
    ],
  })
})
afterAll(() => server.close())
beforeEach(() => resetRateLimits())

test('data sources, records through the worker, object types and records (route handlers)', async () => {
  const src = await callObjects('POST', '/api/data-sources', key, {
    data: { type: 'data-source', attributes: { title: 'Garage feed' } },
  })
  expect(src.status).toBe(201)
  expect(src.json.data.attributes).toMatchObject({
    title: 'Garage feed',
    visibility: 'private',
    namespace: 'custom-objects',
  })
  const sourceId: string = src.json.data.id

  const type = await callObjects('POST', '/api/object-types', key, typeBody(sourceId))
  expect(type.status).toBe(201)
  const typeId: string = type.json.data.id
  expect(type.json.data.attributes).toMatchObject({ title: 'Vehicle', key: 'vehicle', status: 'active' })

  const posted = await callObjects(
    'POST',
    '/api/data-source-record-bulk-create-jobs',
    key,
    bulk(sourceId, [
      {
        vin: 'V1',
        specs: { year: '2021' },
        price: 100.5,
        ev: true,
        bought: '2024-01-02T03:04:05Z',
        owner: 'ada@example.com',
      },
      { vin: 'V2', specs: { year: 2019 }, owner: 'nobody@example.com' },
      { novin: true },
    ]),
  )
  expect(posted.status).toBe(204)
  await runJobsUntilIdle()

  const job = await db.dataSourceRecordJob.findFirstOrThrow({ where: { companyId } })
  expect(job).toMatchObject({ status: 'complete', completedCount: 2, failedCount: 1 })
  expect(JSON.parse(job.errors)[0].source.pointer).toBe('/data/attributes/data-source-records/data/2/attributes/record')

  const recs = await callObjects('GET', `/api/object-types/${typeId}/object-records`, key)
  expect(recs.status).toBe(200)
  expect(recs.json.data).toHaveLength(2)
  const v1 = await db.customObjectRecord.findFirstOrThrow({ where: { companyId, externalId: 'V1' } })
  expect(v1.profileId).toBe('PrfAda')
  const one = await callObjects('GET', `/api/object-records/${v1.id}`, key)
  expect(one.json.data.attributes.record_properties).toEqual({
    vin: 'V1',
    year: 2021,
    price: 100.5,
    electric: true,
    bought_at: '2024-01-02T03:04:05.000Z',
  })

  // Re-sent records update in place: never a duplicate, in the source or the object records.
  await callObjects(
    'POST',
    '/api/data-source-record-bulk-create-jobs',
    key,
    bulk(sourceId, [
      { vin: 'V1', specs: { year: 2022 } },
      { vin: 'V1', specs: { year: 2023 } },
    ]),
  )
  await runJobsUntilIdle()
  expect(await db.dataSourceRecord.count({ where: { dataSourceId: sourceId } })).toBe(2)
  expect(await db.customObjectRecord.count({ where: { objectTypeId: typeId } })).toBe(2)
  const again = await callObjects('GET', `/api/object-records/${v1.id}`, key)
  expect(again.json.data.attributes.record_properties).toEqual({ vin: 'V1', year: 2023 })

  const single = await callObjects('POST', '/api/data-source-record-create-jobs', key, {
    data: {
      type: 'data-source-record-create-job',
      attributes: {
        'data-source-record': { data: { type: 'data-source-record', attributes: { record: { vin: 'V3' } } } },
      },
      relationships: { 'data-source': { data: { type: 'data-source', id: sourceId } } },
    },
  })
  expect(single.status).toBe(204)
  await runJobsUntilIdle()
  const ids = await callObjects('GET', `/api/object-types/${typeId}/relationships/object-records?page[size]=2`, key)
  expect(ids.json.data).toHaveLength(2)
  expect(ids.json.links.next).toContain('page%5Bcursor%5D')
  const page2 = await callObjects(
    'GET',
    new URL(ids.json.links.next).pathname + new URL(ids.json.links.next).search,
    key,
  )
  expect(page2.json.data).toHaveLength(1)

  const schema = await callObjects('GET', `/api/object-types/${typeId}/current-schema`, key)
  expect(schema.json.data.attributes.properties).toHaveLength(5)
  const draft = await callObjects('GET', `/api/object-types/${typeId}/draft-schema`, key)
  expect(draft.json.data).toBeNull()

  const patched = await callObjects('PATCH', `/api/object-schemas/${typeId}`, key, {
    data: {
      type: 'object-schema',
      id: typeId,
      attributes: { properties: [{ id: 1, name: 'vin', type: 'string' }], required: ['vin'] },
    },
  })
  expect(patched.status).toBe(200)
  expect(patched.json.data.attributes.properties).toEqual([{ id: 1, name: 'vin', type: 'string' }])

  const del = await callObjects('POST', '/api/object-record-bulk-delete-jobs', key, {
    data: {
      type: 'object-record-bulk-delete-job',
      relationships: { 'object-records': { data: [{ type: 'object-record', id: v1.id }] } },
    },
  })
  expect(del.status).toBe(202)
  expect(await db.customObjectRecord.count({ where: { objectTypeId: typeId } })).toBe(2)
})

test('bad bodies are JSON:API 400s naming the field', async () => {
  const noTitle = await callObjects('POST', '/api/data-sources', key, { data: { type: 'data-source', attributes: {} } })
  expect(noTitle.status).toBe(400)
  expect(noTitle.json.errors[0].source.pointer).toBe('/data/attributes/title')

  const src = await callObjects('POST', '/api/data-sources', key, {
    data: { type: 'data-source', attributes: { title: 'S' } },
  })
  const badType = typeBody(src.json.data.id)
  badType.data.attributes['object-schema'].data.attributes.properties[1]!.type = 'decimal'
  const r1 = await callObjects('POST', '/api/object-types', key, badType)
  expect(r1.status).toBe(400)
  expect(r1.json.errors[0].source.pointer).toBe('/data/attributes/object-schema/data/attributes/properties/1/type')

  const unknownId = typeBody(src.json.data.id)
  unknownId.data.attributes['object-schema'].data.attributes[
    'source-mapping'
  ].data.attributes.property_mappings[0]!.id = 99
  resetRateLimits()
  const r2 = await callObjects('POST', '/api/object-types', key, unknownId)
  expect(r2.status).toBe(400)
  expect(r2.json.errors[0].source.pointer).toBe(
    '/data/attributes/object-schema/data/attributes/source-mapping/data/attributes/property_mappings/0/id',
  )

  resetRateLimits()
  const empty = await callObjects('POST', '/api/data-source-record-bulk-create-jobs', key, bulk(src.json.data.id, []))
  expect(empty.status).toBe(400)
  expect(empty.json.errors[0].source.pointer).toBe('/data/attributes/data-source-records/data')

  const tooMany = await callObjects(
    'POST',
    '/api/data-source-record-bulk-create-jobs',
    key,
    bulk(
      src.json.data.id,
      Array.from({ length: 501 }, (_, i) => ({ id: i })),
    ),
  )
  expect(tooMany.status).toBe(400)
  resetRateLimits()
  const huge = await callObjects(
    'POST',
    '/api/data-source-record-bulk-create-jobs',
    key,
    bulk(src.json.data.id, [{ id: 1 }, { id: 2, blob: 'x'.repeat(600 * 1024) }]),
  )
  expect(huge.status).toBe(400)
  expect(huge.json.errors[0].source.pointer).toBe('/data/attributes/data-source-records/data/1/attributes/record')
  const badSize = await callObjects('GET', '/api/data-sources?page[size]=500', key)
  expect(badSize.status).toBe(400)
  expect(badSize.json.errors[0].source.parameter).toBe('page[size]')
})

test('another company: its ids are 404s, its rows invisible, its data source never linkable', async () => {
  const mine = await callObjects('POST', '/api/data-sources', key, {
    data: { type: 'data-source', attributes: { title: 'Mine' } },
  })
  const mineId: string = mine.json.data.id
  const type = await callObjects('POST', '/api/object-types', key, typeBody(mineId, 'Boat'))
  const typeId: string = type.json.data.id
  await callObjects(
    'POST',
    '/api/data-source-record-bulk-create-jobs',
    key,
    bulk(mineId, [{ vin: 'B1', owner: 'ada@example.com' }]),
  )
  await runJobsUntilIdle()
  const rec = await db.customObjectRecord.findFirstOrThrow({ where: { objectTypeId: typeId } })

  for (const path of [
    `/api/data-sources/${mineId}`,
    `/api/object-types/${typeId}`,
    `/api/object-types/${typeId}/object-records`,
    `/api/object-records/${rec.id}`,
    `/api/object-schemas/${typeId}`,
  ]) {
    const r = await callObjects('GET', path, otherKey)
    expect([path, r.status]).toEqual([path, 404])
  }
  expect((await callObjects('DELETE', `/api/data-sources/${mineId}`, otherKey)).status).toBe(404)
  expect((await callObjects('DELETE', `/api/object-types/${typeId}`, otherKey)).status).toBe(404)
  expect(
    (await callObjects('POST', '/api/data-source-record-bulk-create-jobs', otherKey, bulk(mineId, [{ vin: 'X' }])))
      .status,
  ).toBe(404)
  const list = await callObjects('GET', '/api/data-sources', otherKey)
  expect(list.json.data).toEqual([])
  expect((await callObjects('GET', '/api/object-types', otherKey)).json.data).toEqual([])
  // Linking a foreign data source is refused, naming the field.
  const steal = await callObjects('POST', '/api/object-types', otherKey, typeBody(mineId, 'Stolen'))
  expect(steal.status).toBe(400)
  expect(steal.json.errors[0].source.pointer).toContain('/source/source_id')
  // Bulk delete with a foreign id removes nothing.
  await callObjects('POST', '/api/object-record-bulk-delete-jobs', otherKey, {
    data: {
      type: 'object-record-bulk-delete-job',
      relationships: { 'object-records': { data: [{ type: 'object-record', id: rec.id }] } },
    },
  })
  expect(await db.customObjectRecord.count({ where: { id: rec.id } })).toBe(1)
  // The profile link never crosses accounts (the other company has a profile with the same email).
  expect(rec.profileId).toBe('PrfAda')
})

test('a key without custom-objects scopes is refused (403)', async () => {
  const limited = await makeApiKey(companyId, ['profiles:read'])
  const r = await callObjects('GET', '/api/data-sources', limited)
  expect(r.status).toBe(403)
})

test('the official SDK drives the family', async () => {
  const created = await sdk.createDataSource({
    data: { type: 'data-source' as never, attributes: { title: 'SDK source', visibility: 'private' as never } },
  })
  const sourceId = created.body.data.id
  const got = await sdk.getDataSource(sourceId)
  expect(got.body.data.attributes.title).toBe('SDK source')
  const all = await sdk.getDataSources()
  expect(all.body.data.map((s) => s.id)).toContain(sourceId)

  const type = await sdk.createObjectType(sdkTypeBody(sourceId, 'SDK Car') as never)
  const typeId = type.body.data.id
  expect((await sdk.getObjectType(typeId)).body.data.attributes.title).toBe('SDK Car')
  expect((await sdk.getObjectTypes()).body.data.map((t) => t.id)).toContain(typeId)

  await sdk.bulkCreateDataSourceRecords(
    sdkBulk(sourceId, [{ vin: 'S1', year: 2020, owner: 'ada@example.com' }, { vin: 'S2' }]) as never,
  )
  await sdk.createDataSourceRecord({
    data: {
      type: 'data-source-record-create-job' as never,
      attributes: {
        dataSourceRecord: { data: { type: 'data-source-record' as never, attributes: { record: { vin: 'S3' } } } },
      },
      relationships: { dataSource: { data: { type: 'data-source' as never, id: sourceId } } },
    },
  })
  await runJobsUntilIdle()
  const recs = await sdk.getRecordsForObjectType(typeId)
  expect(recs.body.data).toHaveLength(3)
  const recId = recs.body.data[0]!.id
  expect((await sdk.getObjectRecord(recId)).body.data.attributes.recordProperties).toMatchObject({
    vin: 'S1',
    year: 2020,
  })
  expect((await sdk.getRecordIdsForObjectType(typeId)).body.data).toHaveLength(3)
  expect((await sdk.getCurrentSchemaForObjectType(typeId)).body.data?.id).toBe(typeId)
  expect((await sdk.getObjectSchema(typeId)).body.data.attributes.required).toEqual(['vin'])
  await sdk.bulkDeleteObjectRecords({
    data: {
      type: 'object-record-bulk-delete-job' as never,
      relationships: { objectRecords: { data: [{ type: 'object-record' as never, id: recId }] } },
    },
  })
  expect((await sdk.getRecordsForObjectType(typeId)).body.data).toHaveLength(2)

  const bad = await failure(sdk.createDataSource({ data: { type: 'data-source' as never, attributes: {} as never } }))
  expect(bad.status).toBe(400)
  expect(bad.body.errors[0]!.source?.pointer).toBe('/data/attributes/title')
  const foreign = new CustomObjectsApi(new ApiKeySession(otherKey))
  foreign.basePath = server.url
  expect((await failure(foreign.getObjectType(typeId))).status).toBe(404)

  await sdk.deleteObjectType(typeId)
  await sdk.deleteDataSource(sourceId)
  expect((await failure(sdk.getDataSource(sourceId))).status).toBe(404)
})

test('the SDK reads and writes the schema, source mapping, relationships and ingestion logs', async () => {
  const sourceId = (
    await sdk.createDataSource({ data: { type: 'data-source' as never, attributes: { title: 'Logs' } } })
  ).body.data.id
  const typeId = (await sdk.createObjectType(sdkTypeBody(sourceId, 'SDK Boat') as never)).body.data.id
  await sdk.bulkCreateDataSourceRecords(sdkBulk(sourceId, [{ vin: 'L1' }, { nothing: 1 }]) as never)
  await runJobsUntilIdle()

  expect((await sdk.getCurrentSchemaIdForObjectType(typeId)).body.data).toEqual({ type: 'object-schema', id: typeId })
  expect((await sdk.getDraftSchemaIdForObjectType(typeId)).body.data).toBeNull()
  expect((await sdk.getSchemaVersionsForObjectType(typeId)).body.data).toHaveLength(1)
  expect((await sdk.getSchemaVersionIdsForObjectType(typeId)).body.data).toEqual([
    { type: 'object-schema', id: typeId },
  ])
  const logs = await sdk.getIngestionLogsForObjectType(typeId)
  expect(logs.body.data).toHaveLength(1)
  expect(logs.body.data[0]!.attributes.summary).toContain('Record 1')
  expect((await sdk.getIngestionLogIdsForObjectType(typeId)).body.data).toHaveLength(1)
  expect((await sdk.getObjectTypeRelationships(typeId)).body.data).toEqual([])
  expect((await sdk.getProfileTypeRelationships(typeId)).body.data).toEqual([
    { type: 'profile-object-type', id: 'profile' },
  ])

  const mapping = await sdk.getSourceMappingForObjectSchema(typeId)
  expect(mapping.body.data?.id).toBe(typeId)
  expect((await sdk.getSourceMappingIdForObjectSchema(typeId)).body.data).toEqual({
    type: 'source-mapping',
    id: typeId,
  })
  expect((await sdk.getSourceMapping(typeId)).body.data?.type).toBe('source-mapping')
  await sdk.updateSourceMapping(typeId, {
    data: {
      type: 'source-mapping' as never,
      id: typeId,
      attributes: {
        propertyMappings: [
          { id: 2, type: 'simple', source: { sourceId, idPath: '$.vin', dataPath: '$.built' } },
        ] as never,
      },
    },
  })
  await sdk.bulkCreateDataSourceRecords(sdkBulk(sourceId, [{ vin: 'L2', built: 1999 }]) as never)
  await runJobsUntilIdle()
  const l2 = await db.customObjectRecord.findFirstOrThrow({ where: { objectTypeId: typeId, externalId: 'L2' } })
  expect(JSON.parse(l2.values)).toEqual({ vin: 'L2', year: 1999 })

  const schema = await sdk.createObjectSchema({
    data: {
      type: 'object-schema' as never,
      attributes: {
        title: 'SDK Boat v2',
        properties: [{ id: 1, name: 'vin', type: 'string' as never }],
        status: 'active' as never,
      },
      relationships: { objectType: { data: { type: 'object-type' as never, id: typeId } } },
    },
  })
  expect(schema.body.data.attributes.properties).toEqual([{ id: 1, name: 'vin', type: 'string' }])
  await sdk.updateObjectSchema(typeId, {
    data: { type: 'object-schema' as never, id: typeId, attributes: { required: ['vin'] } },
  })
  expect((await sdk.getObjectSchema(typeId)).body.data.attributes.required).toEqual(['vin'])

  expect((await sdk.getObjectSchemaRelationships(typeId)).body.data).toEqual([])
  const refused = await failure(
    sdk.createObjectSchemaRelationship(typeId, {
      data: [{ type: 'object-schema' as never, id: typeId, meta: { name: 'x' } }],
    }),
  )
  expect(refused.status).toBe(400)
  expect((await sdk.getProfileSchemaRelationships(typeId)).body.data).toEqual([
    { type: 'profile-object-schema', id: 'profile' },
  ])
  await sdk.deleteProfileSchemaRelationship(typeId, {
    data: [{ type: 'profile-object-schema' as never, id: 'profile' }],
  })
  expect((await sdk.getProfileSchemaRelationships(typeId)).body.data).toEqual([])
  const relink = await failure(
    sdk.createProfileSchemaRelationship(typeId, {
      data: [{ type: 'profile-object-schema' as never, id: 'profile', meta: { name: 'owner' } }],
    }),
  )
  expect(relink.status).toBe(400)

  const foreign = new CustomObjectsApi(new ApiKeySession(otherKey))
  foreign.basePath = server.url
  expect((await failure(foreign.getSourceMapping(typeId))).status).toBe(404)
  expect((await failure(foreign.getSchemaVersionsForObjectType(typeId))).status).toBe(404)
  expect((await failure(foreign.getIngestionLogsForObjectType(typeId))).status).toBe(404)
})
