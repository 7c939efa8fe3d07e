import type { IncomingMessage } from 'node:http'
export const CLIENT_IP_HEADER: string
export class TrustProxyError extends Error {}
export function trustedHops(raw?: string): number
export function resolveClientAddress(input: {
  remoteAddress?: string | null
  forwardedFor?: string | string[] | null
  hops: number
}): string
export function applyClientAddress(req: IncomingMessage, hops: number): string
