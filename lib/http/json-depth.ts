// Request bodies nested deeper than any real payload are refused before anything walks them
// recursively (key transformation, JSON.stringify, SQLite's JSON functions stop at 1000).
export const MAX_JSON_DEPTH = 64

/** True when the parsed value nests arrays/objects deeper than `limit` (iterative: no stack). */
export function tooDeep(value: unknown, limit = MAX_JSON_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]]
  while (stack.length) {
    const [v, depth] = stack.pop()!
    if (typeof v !== 'object' || v === null) continue
    if (depth > limit) return true
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1])
    }
  }
  return false
}
