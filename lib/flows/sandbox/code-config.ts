// A code action's configuration, kept in its definition's data (the vendor's CodeAction.data is
// free-form): { name, source_code, runtime: 'javascript', recipe_id }. The recipes are starting
// points the builder offers (GET /ajax/flow/code/{actionId}/bootstrap).
//
// What the code gets and returns (also shown by the bootstrap):
//   input = { profile, event, flow }  (also as the variables `profile` and `event`);
//   the source is the body of a function: `return` the result, or define `main(input)`;
//   a result { properties: { key: value, … } } sets those custom properties on the profile
//   (null removes one); { value } is kept as the action's output (for an action-output split);
//   any other JSON result is kept as the value.
import {
  CODE_MEMORY_LIMIT_BYTES,
  CODE_OUTPUT_LIMIT_BYTES,
  CODE_RUNTIME,
  CODE_SOURCE_LIMIT_BYTES,
  CODE_TIME_LIMIT_MS,
} from './run-code'

export interface CodeConfig {
  name: string | null
  sourceCode: string
  runtime: string
  recipeId: string | null
}

export function codeConfigOf(action: { data?: unknown }): CodeConfig {
  const d = (action.data && typeof action.data === 'object' ? action.data : {}) as Record<string, unknown>
  return {
    name: typeof d.name === 'string' ? d.name : null,
    sourceCode: typeof d.source_code === 'string' ? d.source_code : '',
    runtime: typeof d.runtime === 'string' ? d.runtime : CODE_RUNTIME,
    recipeId: typeof d.recipe_id === 'string' ? d.recipe_id : null,
  }
}

/** The action's data with the configuration written back (other keys kept). */
export function withCodeConfig(data: unknown, c: Partial<CodeConfig>): Record<string, unknown> {
  const d = { ...((data && typeof data === 'object' ? data : {}) as Record<string, unknown>) }
  if (c.name !== undefined) d.name = c.name
  if (c.sourceCode !== undefined) d.source_code = c.sourceCode
  if (c.runtime !== undefined) d.runtime = c.runtime
  if (c.recipeId !== undefined) d.recipe_id = c.recipeId
  return d
}

export const CODE_RECIPES = [
  {
    id: 'set-property',
    name: 'Set a profile property',
    description: 'Copies a value of the triggering event onto the profile.',
    sourceCode: `// input = { profile, event, flow }\nreturn { properties: { last_order_total: event.$value ?? null } }\n`,
  },
  {
    id: 'vip-flag',
    name: 'Flag big spenders',
    description: 'Marks the profile as VIP when the event value is over 100.',
    sourceCode: `const total = Number(event.$value ?? 0)\nreturn { properties: { vip: total > 100 }, value: total > 100 ? 'vip' : 'regular' }\n`,
  },
  {
    id: 'normalize-name',
    name: 'Tidy the first name',
    description: 'Capitalises the first name and keeps it as a custom property.',
    sourceCode: `function main(input) {\n  const n = String(input.profile.first_name ?? '').trim()\n  return { properties: { display_name: n ? n[0].toUpperCase() + n.slice(1).toLowerCase() : null } }\n}\n`,
  },
  {
    id: 'output-only',
    name: 'Compute a value for a split',
    description: 'Returns a value that an action-output split can branch on.',
    sourceCode: `const items = Array.isArray(event.Items) ? event.Items.length : 0\nreturn { value: items >= 3 ? 'many' : 'few' }\n`,
  },
] as const

export const CODE_LIMITS = {
  timeMs: CODE_TIME_LIMIT_MS,
  memoryBytes: CODE_MEMORY_LIMIT_BYTES,
  sourceBytes: CODE_SOURCE_LIMIT_BYTES,
  outputBytes: CODE_OUTPUT_LIMIT_BYTES,
}

export const CODE_RUNTIMES = [
  { id: CODE_RUNTIME, name: 'JavaScript (QuickJS, ES2023)', network: false, fileSystem: false },
]

/** The properties and value of a code result (see the header for the shape). */
export function splitCodeOutput(output: unknown): { properties: Record<string, unknown> | null; value: unknown } {
  if (output && typeof output === 'object' && !Array.isArray(output)) {
    const o = output as Record<string, unknown>
    const keys = Object.keys(o)
    if (keys.length && keys.every((k) => k === 'properties' || k === 'value')) {
      const p = o.properties
      return {
        properties: p && typeof p === 'object' && !Array.isArray(p) ? (p as Record<string, unknown>) : null,
        value: o.value ?? null,
      }
    }
  }
  return { properties: null, value: output ?? null }
}
