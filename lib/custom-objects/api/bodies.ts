// The JSON:API bodies of the custom objects family (zod: a bad body is a 400 naming its field).
import { z } from 'zod'
import { FIELD_TYPES, PROFILE_ID_TYPES } from '../types'

const visibility = z.enum(['private', 'shared']).nullish()
const namespace = z.string().trim().min(1).max(100).nullish()
const title = z.string().trim().min(1, 'A title is required.').max(255)
const sourceRef = z.object({ data: z.object({ type: z.literal('data-source'), id: z.string().min(1) }) })
const MAX_RECORD_BYTES = 512 * 1024
const record = z.object({
  type: z.literal('data-source-record'),
  attributes: z.object({
    record: z
      .record(z.string(), z.unknown())
      .refine((r) => Buffer.byteLength(JSON.stringify(r)) <= MAX_RECORD_BYTES, 'A record may be at most 512 KB.'),
  }),
})

export const createDataSourceBody = z.object({
  data: z.object({
    type: z.literal('data-source'),
    attributes: z.object({ title, visibility, namespace, description: z.string().max(1000).nullish() }),
  }),
})

export const MAX_BULK_RECORDS = 500

export const bulkRecordsBody = z.object({
  data: z.object({
    type: z.literal('data-source-record-bulk-create-job'),
    attributes: z.object({
      'data-source-records': z.object({
        data: z
          .array(record)
          .min(1, 'At least one record is required.')
          .max(MAX_BULK_RECORDS, `At most ${MAX_BULK_RECORDS} records per job.`),
      }),
    }),
    relationships: z.object({ 'data-source': sourceRef }),
  }),
})

export const createRecordBody = z.object({
  data: z.object({
    type: z.literal('data-source-record-create-job'),
    attributes: z.object({ 'data-source-record': z.object({ data: record }) }),
    relationships: z.object({ 'data-source': sourceRef }),
  }),
})

const property = z.object({
  id: z.number().int().nonnegative(),
  name: z.string().trim().min(1).max(100),
  type: z.enum(FIELD_TYPES),
})
const propertyMapping = z.discriminatedUnion('type', [
  z.object({
    id: z.number().int(),
    type: z.literal('simple'),
    source: z.object({ source_id: z.string().min(1), id_path: z.string().min(1), data_path: z.string().min(1) }),
  }),
  z.object({
    id: z.number().int(),
    type: z.literal('constant'),
    value: z.union([z.string(), z.number(), z.boolean()]),
  }),
])
const relationshipMapping = z.object({
  relationship_id: z.string(),
  type: z.literal('simple'),
  source: z.object({
    source_id: z.string().min(1),
    type: z.enum(['profile', 'custom-object']),
    id_path: z.string().min(1),
    related_id_paths: z
      .array(z.object({ identifier_type: z.enum([...PROFILE_ID_TYPES, 'anonymous']), path: z.string().min(1) }))
      .optional(),
    related_id_path: z.string().optional(),
    update_strategy: z.enum(['additive', 'replace_from_origin']).nullish(),
  }),
})
export const schemaAttributes = z.object({
  properties: z.array(property).max(200).nullish(),
  status: z.enum(['active', 'draft']).nullish(),
  required: z.array(z.string()).nullish(),
  'source-mapping': z
    .object({
      data: z.object({
        type: z.literal('source-mapping'),
        attributes: z.object({
          property_mappings: z.array(propertyMapping).nullish(),
          relationship_mappings: z.array(relationshipMapping).nullish(),
        }),
      }),
    })
    .nullish(),
})
export type SchemaAttributes = z.infer<typeof schemaAttributes>

export const createObjectTypeBody = z.object({
  data: z.object({
    type: z.literal('object-type'),
    attributes: z.object({
      title,
      /** Not in the reference: the URL key of the /objects screens (derived from the title when absent). */
      key: z.string().trim().max(60).nullish(),
      visibility,
      namespace,
      'object-schema': z
        .object({ data: z.object({ type: z.literal('object-schema'), attributes: schemaAttributes }) })
        .nullish(),
    }),
  }),
})

export const updateObjectSchemaBody = z.object({
  data: z.object({
    type: z.literal('object-schema'),
    id: z.string().min(1),
    attributes: schemaAttributes.partial(),
  }),
})

export const bulkDeleteRecordsBody = z.object({
  data: z.object({
    type: z.literal('object-record-bulk-delete-job'),
    relationships: z.object({
      'object-records': z.object({
        data: z
          .array(z.object({ type: z.literal('object-record'), id: z.string().min(1) }))
          .min(1, 'At least one record is required.')
          .max(500, 'At most 500 records per job.'),
      }),
    }),
  }),
})

export const updateSourceMappingBody = z.object({
  data: z.object({
    type: z.literal('source-mapping'),
    id: z.string().min(1),
    attributes: z.object({
      property_mappings: z.array(propertyMapping).nullish(),
      relationship_mappings: z.array(relationshipMapping).nullish(),
    }),
  }),
})

export const createObjectSchemaBody = z.object({
  data: z.object({
    type: z.literal('object-schema'),
    attributes: schemaAttributes.extend({ title: z.string().trim().min(1).max(255) }),
    relationships: z.object({
      'object-type': z.object({ data: z.object({ type: z.literal('object-type'), id: z.string().min(1) }) }),
    }),
  }),
})

const relIds = (type: string) =>
  z.object({
    data: z
      .array(
        z.object({ type: z.literal(type), id: z.string().min(1), meta: z.object({ name: z.string() }).optional() }),
      )
      .max(100),
  })
export const objectSchemaRelBody = relIds('object-schema')
export const profileSchemaRelBody = relIds('profile-object-schema')
