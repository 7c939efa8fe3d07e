// The catalog /ajax failure rule (seed 002 §5/§8): a failed call answers success: false with the
// field errors (the client joins their messages, else shows the generic fallback text). Catalog
// handlers wrap their work in catalogCall so a 400/404/409 becomes that shape; other errors go on
// to the /ajax wrapper (500, 503).
import { AppError } from '@/lib/errors/app-error'

export const CATALOG_FALLBACK =
  'The product is experiencing difficulty completing this request. Please try again later.'

export async function catalogCall<T extends object>(
  fn: () => Promise<T> | T,
): Promise<Response | (T & { success: true })> {
  try {
    return { success: true as const, ...(await fn()) }
  } catch (e) {
    if (e instanceof AppError && e.status < 500) {
      return Response.json(
        { success: false, error: e.code, message: e.message || CATALOG_FALLBACK, fieldErrors: e.fieldErrors ?? {} },
        { status: e.status, headers: e.headers },
      )
    }
    throw e
  }
}
