// What the /cdp/code and /cdp/transformation screens send through /ajax/cdp/… (camelCase JSON).
// Sample payloads travel as JSON text: the /ajax wrapper camelizes body keys, which must never
// rename an event's own properties.
import { z } from 'zod'
import type { FunctionView } from './function-store'
import type { FunctionStats } from './function-stats'

export const CDP_CODE_READ = ['data_transform_read'] as const
export const CDP_CODE_WRITE = ['data_transform_read', 'integrations_write'] as const

const secret = z.object({ name: z.string().max(64), value: z.string().max(4096).nullable().optional() })

export const functionBody = z.object({
  name: z.string().max(255),
  triggerMetric: z.string().max(255),
  sourceCode: z.string().max(70_000),
  enabled: z.boolean().optional(),
  secrets: z.array(secret).max(100).optional(),
})

const jsonObjectText = z
  .string()
  .max(200_000)
  .superRefine((text, ctx) => {
    try {
      const v = JSON.parse(text) as unknown
      if (!v || typeof v !== 'object' || Array.isArray(v))
        ctx.addIssue({ code: 'custom', message: 'Enter a JSON object.' })
    } catch {
      ctx.addIssue({ code: 'custom', message: 'This is not valid JSON.' })
    }
  })

export const functionTestBody = z.object({
  sourceCode: z.string().max(70_000),
  /** A saved function: its stored secrets fill the values the form does not send. */
  functionId: z.string().max(64).optional(),
  secrets: z.array(secret).max(100).optional(),
  eventJson: jsonObjectText,
  profileJson: jsonObjectText.optional(),
})

export const transformationBody = z.object({
  name: z.string().max(255),
  source: z.string().max(32).optional(),
  sourceCode: z.string().max(70_000),
  enabled: z.boolean().optional(),
})

export const transformationTestBody = z.object({
  sourceCode: z.string().max(70_000),
  eventJson: jsonObjectText,
})

export interface FunctionDto {
  id: string
  name: string
  triggerMetric: string
  sourceCode: string
  enabled: boolean
  secretNames: string[]
  createdAt: string
  updatedAt: string
  stats?: FunctionStats
}

export const toFunctionDto = (f: FunctionView, stats?: FunctionStats): FunctionDto => ({
  id: f.id,
  name: f.name,
  triggerMetric: f.triggerMetric,
  sourceCode: f.sourceCode,
  enabled: f.enabled,
  secretNames: f.secretNames,
  createdAt: f.createdAt.toISOString(),
  updatedAt: f.updatedAt.toISOString(),
  ...(stats ? { stats } : {}),
})

export const FUNCTION_STARTER = `// Runs once for each new event of the trigger metric.
// event = { id, metric, properties, value, time }, profile = the profile's attributes,
// process.env holds your secrets, console.log lines are kept with the run.
// Return { properties: { … } } to set custom properties on the profile (null removes one).
function main(event, profile, context) {
  console.log('event', event.metric, 'for', profile.email)
  return { properties: { last_event_value: event.value } }
}
`

export const TRANSFORMATION_STARTER = `// Runs on each /api and /client event before it is stored.
// Return the event (changed or not), or null to drop it.
function transform(event) {
  if (event.properties.test === true) return null
  event.properties.source = event.properties.source ?? 'web'
  return event
}
`
