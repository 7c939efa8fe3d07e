// A definition sits under `definition` in the bodies of /ajax/analytics: its errors are named
// there too (definition.source.metricId), as zod names the errors of the body's own parse.
import { AppError } from '@/lib/errors/app-error'

export async function underField<T>(prefix: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (e) {
    if (!(e instanceof AppError) || !e.fieldErrors) throw e
    const named = Object.fromEntries(Object.entries(e.fieldErrors).map(([k, v]) => [`${prefix}.${k}`, v]))
    throw new AppError(e.code, e.status, e.message, named, e.headers)
  }
}
