// Stored JSON columns (properties) are read defensively: a bad row shows as empty, not a 500.
export function parseJsonObject(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {}
  try {
    const v = JSON.parse(text)
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}
