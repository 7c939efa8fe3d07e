// The one application error. Handlers throw it; the wrappers turn it into a response.
export type FieldErrors = Record<string, string[]>

export class AppError extends Error {
  constructor(
    public readonly code: string,
    public readonly status: number,
    message: string,
    public readonly fieldErrors?: FieldErrors,
    public readonly headers?: Record<string, string>,
  ) {
    super(message)
    this.name = 'AppError'
  }
}

export const notFound = (what = 'Not found') => new AppError('not_found', 404, what)
export const forbidden = (what = 'You do not have permission to do this.') =>
  new AppError('permission_denied', 403, what)
export const unauthorized = (what = 'Authentication credentials were not provided.') =>
  new AppError('not_authenticated', 401, what)
export const badRequest = (message: string, fieldErrors?: FieldErrors) =>
  new AppError('invalid', 400, message, fieldErrors)
