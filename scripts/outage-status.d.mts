import type { ServerResponse } from 'node:http'
export const OUTAGE_RETRY_AFTER_SECONDS: number
export function dbOutageActive(now?: number): boolean
export function answerOutagesWith503(res: ServerResponse): void
