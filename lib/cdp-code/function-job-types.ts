// The cdp.function job's name and payload (shared by the ingest consumer that queues it and the handler).
export const FUNCTION_JOB = 'cdp.function'
export const FUNCTION_MAX_ATTEMPTS = 5

export interface FunctionJobPayload {
  companyId: number
  invocationId: string
}
