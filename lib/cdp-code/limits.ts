// The limits of functions and transformations on top of the sandbox's own (lib/flows/sandbox/code-limits.ts).
/** What a run keeps of the lines the code printed with console.*: enough to debug, never a flood. */
export const FUNCTION_LOG_LIMIT_BYTES = 16 * 1024
/** A transformation runs on the request path of /api and /client events: its budget is small. */
export const TRANSFORM_TIME_LIMIT_MS = 100
export const FUNCTION_SECRETS_MAX = 50
export const SECRET_NAME = /^[A-Z_][A-Z0-9_]{0,63}$/
/** The dashboard's window. */
export const STATS_DAYS = 7
