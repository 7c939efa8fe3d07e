// Reads what a failed http call said, without depending on the error class's internals:
// the status, the server's message and its field errors (first message per field).
export interface HttpFailure {
  status: number
  /** The server's error code (e.g. 'invalid_token'). */
  code: string | null
  message: string | null
  fieldErrors: Record<string, string>
}

export function readHttpFailure(e: unknown): HttpFailure {
  const err = (e ?? {}) as { status?: unknown; data?: unknown }
  const status = typeof err.status === 'number' ? err.status : 0
  const data = (err.data && typeof err.data === 'object' ? err.data : {}) as {
    error?: unknown
    message?: unknown
    fieldErrors?: unknown
  }
  const fieldErrors: Record<string, string> = {}
  if (data.fieldErrors && typeof data.fieldErrors === 'object') {
    for (const [k, v] of Object.entries(data.fieldErrors as Record<string, unknown>)) {
      const first = Array.isArray(v) ? v[0] : v
      if (typeof first === 'string') fieldErrors[k] = first
    }
  }
  return {
    status,
    code: typeof data.error === 'string' ? data.error : null,
    message: typeof data.message === 'string' ? data.message : null,
    fieldErrors,
  }
}
