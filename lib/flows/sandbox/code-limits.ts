// The code action's limits and the checks of its saved data that need no sandbox (pure, also
// usable in the browser): the definition validator imports it, so a code over its limits is
// refused at save with the path of the field, whichever way the flow is saved.
export const CODE_TIME_LIMIT_MS = 1000
export const CODE_MEMORY_LIMIT_BYTES = 16 * 1024 * 1024
export const CODE_STACK_LIMIT_BYTES = 256 * 1024
export const CODE_SOURCE_LIMIT_BYTES = 64 * 1024
export const CODE_OUTPUT_LIMIT_BYTES = 64 * 1024
export const CODE_RUNTIME = 'javascript'

/** Problems of a code action's data: path below `data`, and the message. */
export function codeDataProblems(data: unknown): Array<{ path: string[]; detail: string }> {
  if (data == null) return []
  if (typeof data !== 'object' || Array.isArray(data))
    return [{ path: [], detail: 'The code action data must be an object.' }]
  const d = data as Record<string, unknown>
  const out: Array<{ path: string[]; detail: string }> = []
  if (d.source_code != null) {
    if (typeof d.source_code !== 'string') out.push({ path: ['source_code'], detail: 'The code must be text.' })
    else if (new TextEncoder().encode(d.source_code).length > CODE_SOURCE_LIMIT_BYTES)
      out.push({ path: ['source_code'], detail: 'The code is larger than 64 KB.' })
  }
  if (d.runtime != null && d.runtime !== CODE_RUNTIME)
    out.push({ path: ['runtime'], detail: `The runtime must be ${CODE_RUNTIME}.` })
  return out
}
