// The first error of a field or of any of its items ("phrases" shows "phrases.2"'s error).
export const fieldError = (errors: Record<string, string>, key: string): string | undefined =>
  errors[key] ?? Object.entries(errors).find(([k]) => k.startsWith(key + '.'))?.[1]

/** A comma- or line-separated list as typed. */
export const splitList = (s: string): string[] =>
  s
    .split(/[\n,]+/)
    .map((w) => w.trim())
    .filter(Boolean)
