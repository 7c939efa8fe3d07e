// The server's field errors (snake_case from the stores, camelCase from zod) as the form's keys.
import { readHttpFailure } from '@/components/auth/http-failure'

const KEYS: Record<string, string> = {
  trigger_metric: 'triggerMetric',
  source_code: 'sourceCode',
  event_json: 'eventJson',
  profile_json: 'profileJson',
}

export function formErrors(err: unknown, fallback: string): Record<string, string> {
  const f = readHttpFailure(err)
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(f.fieldErrors ?? {})) {
    const key = KEYS[k] ?? k
    if (v && !out[key]) out[key] = String(v)
  }
  if (!Object.keys(out).length) out._form = f.message ?? fallback
  return out
}
