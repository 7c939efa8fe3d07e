// The save call's 400 answers carry JSON pointers into the definition (F1's parseFormVersion):
// each panel asks for the messages under its own part of the version.
export interface PointerError {
  pointer: string
  message: string
}

/** Messages under a pointer prefix, keyed by the rest of the pointer ('' for the prefix itself). */
export function errorsUnder(errors: readonly PointerError[], prefix: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const e of errors) {
    if (e.pointer === prefix || e.pointer.startsWith(`${prefix}/`)) {
      const rest = e.pointer.slice(prefix.length)
      out[rest] ??= e.message
    }
  }
  return out
}

/** The step a pointer points into, for marking the step list. */
export function stepOfPointer(pointer: string): number | null {
  const m = /^\/steps\/(\d+)(\/|$)/.exec(pointer)
  return m ? Number(m[1]) : null
}

export function blockPointer(step: number, at: { column: number; row: number; block: number }): string {
  return `/steps/${step}/columns/${at.column}/rows/${at.row}/blocks/${at.block}`
}
