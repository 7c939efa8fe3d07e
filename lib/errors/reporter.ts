// The one error-reporting interface. By default errors go to the server log as one JSON
// line; an install can plug in another sink with setErrorReporter (e.g. an APM client).
export interface ErrorReport {
  error: unknown
  /** Where it happened: a route path, a handler, a job. */
  route?: string
  requestId?: string
  extra?: Record<string, unknown>
}

export type ErrorReporter = (report: ErrorReport) => void

const logReporter: ErrorReporter = ({ error, route, requestId, extra }) => {
  const e =
    error instanceof Error
      ? { name: error.name, message: error.message, stack: error.stack }
      : { message: String(error) }
  console.error(JSON.stringify({ level: 'error', at: new Date().toISOString(), route, requestId, ...extra, error: e }))
}

let reporter: ErrorReporter = logReporter

export function setErrorReporter(next: ErrorReporter | null): void {
  reporter = next ?? logReporter
}

export function reportError(report: ErrorReport): void {
  try {
    reporter(report)
  } catch {
    logReporter(report)
  }
}
