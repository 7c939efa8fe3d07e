// The custom objects /api family's real route handlers behind a tiny router (in-process calls
// and a 127.0.0.1 server for the official SDK).
import * as dataSources from '@/app/api/data-sources/route'
import * as dataSource from '@/app/api/data-sources/[id]/route'
import * as bulkRecords from '@/app/api/data-source-record-bulk-create-jobs/route'
import * as oneRecord from '@/app/api/data-source-record-create-jobs/route'
import * as objectTypes from '@/app/api/object-types/route'
import * as objectType from '@/app/api/object-types/[id]/route'
import * as typeRecords from '@/app/api/object-types/[id]/object-records/route'
import * as typeRecordsRel from '@/app/api/object-types/[id]/relationships/object-records/route'
import * as currentSchema from '@/app/api/object-types/[id]/current-schema/route'
import * as draftSchema from '@/app/api/object-types/[id]/draft-schema/route'
import * as objectRecord from '@/app/api/object-records/[id]/route'
import * as bulkDelete from '@/app/api/object-record-bulk-delete-jobs/route'
import * as objectSchema from '@/app/api/object-schemas/[id]/route'
import * as currentSchemaRel from '@/app/api/object-types/[id]/relationships/current-schema/route'
import * as draftSchemaRel from '@/app/api/object-types/[id]/relationships/draft-schema/route'
import * as schemaVersions from '@/app/api/object-types/[id]/schema-versions/route'
import * as schemaVersionsRel from '@/app/api/object-types/[id]/relationships/schema-versions/route'
import * as ingestionLogs from '@/app/api/object-types/[id]/object-ingestion-logs/route'
import * as ingestionLogsRel from '@/app/api/object-types/[id]/relationships/object-ingestion-logs/route'
import * as typeTypesRel from '@/app/api/object-types/[id]/relationships/object-types/route'
import * as typeProfileRel from '@/app/api/object-types/[id]/relationships/profile-object-types/route'
import * as objectSchemas from '@/app/api/object-schemas/route'
import * as schemaMapping from '@/app/api/object-schemas/[id]/source-mapping/route'
import * as schemaMappingRel from '@/app/api/object-schemas/[id]/relationships/source-mapping/route'
import * as schemaSchemasRel from '@/app/api/object-schemas/[id]/relationships/object-schemas/route'
import * as schemaProfileRel from '@/app/api/object-schemas/[id]/relationships/profile-object-schemas/route'
import * as sourceMapping from '@/app/api/source-mappings/[id]/route'
import { routeTable, type RouteModule, type RouteServer } from '../helpers/route-table'

const TABLE: Array<[string, RouteModule]> = [
  ['/api/data-sources', dataSources],
  ['/api/data-sources/:id', dataSource],
  ['/api/data-source-record-bulk-create-jobs', bulkRecords],
  ['/api/data-source-record-create-jobs', oneRecord],
  ['/api/object-types', objectTypes],
  ['/api/object-types/:id', objectType],
  ['/api/object-types/:id/object-records', typeRecords],
  ['/api/object-types/:id/relationships/object-records', typeRecordsRel],
  ['/api/object-types/:id/current-schema', currentSchema],
  ['/api/object-types/:id/draft-schema', draftSchema],
  ['/api/object-records/:id', objectRecord],
  ['/api/object-record-bulk-delete-jobs', bulkDelete],
  ['/api/object-schemas/:id', objectSchema],
  ['/api/object-types/:id/relationships/current-schema', currentSchemaRel],
  ['/api/object-types/:id/relationships/draft-schema', draftSchemaRel],
  ['/api/object-types/:id/schema-versions', schemaVersions],
  ['/api/object-types/:id/relationships/schema-versions', schemaVersionsRel],
  ['/api/object-types/:id/object-ingestion-logs', ingestionLogs],
  ['/api/object-types/:id/relationships/object-ingestion-logs', ingestionLogsRel],
  ['/api/object-types/:id/relationships/object-types', typeTypesRel],
  ['/api/object-types/:id/relationships/profile-object-types', typeProfileRel],
  ['/api/object-schemas', objectSchemas],
  ['/api/object-schemas/:id/source-mapping', schemaMapping],
  ['/api/object-schemas/:id/relationships/source-mapping', schemaMappingRel],
  ['/api/object-schemas/:id/relationships/object-schemas', schemaSchemasRel],
  ['/api/object-schemas/:id/relationships/profile-object-schemas', schemaProfileRel],
  ['/api/source-mappings/:id', sourceMapping],
]

const table = routeTable(TABLE)
export const callObjects = table.call
export const startObjectsServer = table.start
export type { RouteServer }
