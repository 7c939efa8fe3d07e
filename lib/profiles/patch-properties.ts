// patch_properties of the profile-import call: append adds values to an array property
// (creating it; a scalar becomes a one-element array first), unappend removes values from
// one, unset removes keys. Applied after the plain `properties` update.
import type { PatchProperties } from './types'

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b)

export function applyPatchProperties(props: Record<string, unknown>, patch?: PatchProperties): Record<string, unknown> {
  if (!patch) return props
  for (const [k, v] of Object.entries(patch.append ?? {})) {
    const cur = props[k]
    const arr = Array.isArray(cur) ? [...cur] : cur == null ? [] : [cur]
    for (const x of Array.isArray(v) ? v : [v]) arr.push(x)
    props[k] = arr
  }
  for (const [k, v] of Object.entries(patch.unappend ?? {})) {
    const cur = props[k]
    if (!Array.isArray(cur)) continue
    const drop = Array.isArray(v) ? v : [v]
    props[k] = cur.filter((x) => !drop.some((d) => same(d, x)))
  }
  const unset = patch.unset == null ? [] : Array.isArray(patch.unset) ? patch.unset : [patch.unset]
  for (const k of unset) delete props[k]
  return props
}
