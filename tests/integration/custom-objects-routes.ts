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
]

const table = routeTable(TABLE)
export const callObjects = table.call
export const startObjectsServer = table.start
export type { RouteServer }
