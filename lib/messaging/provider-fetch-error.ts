// What a failed fetch to a message provider means for exactly-once: when the request never left
// (no connection, no DNS answer, connect timeout) retrying is safe; when it may have reached the
// provider (our timeout fired while waiting for the answer, the socket closed mid-exchange) the
// message may have been accepted, so it is not retried: the Send ends 'unknown', never twice.
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT', 'CERT_HAS_EXPIRED', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'ERR_TLS_CERT_ALTNAME_INVALID'])

export interface ProviderFetchError {
  error: string
  /** The provider may have accepted the message: do not retry. */
  maybeSent: boolean
}

export function providerFetchError(e: unknown, provider: string, timeoutMs: number): ProviderFetchError {
  const err = e as Error & { cause?: { code?: string; message?: string } }
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError') {
    return { error: `${provider}: no answer within ${timeoutMs} ms; it may have accepted the message, so it is not retried`, maybeSent: true }
  }
  const code = err?.cause?.code
  const why = code ?? err?.cause?.message ?? err?.message ?? String(e)
  // Refused by fetch itself before any connection (a blocked port, a bad URL): nothing left.
  const refusedLocally = !code && /bad port|invalid url|unsupported protocol/i.test(err?.cause?.message ?? '')
  if ((code && NOT_SENT_CODES.has(code)) || refusedLocally) return { error: `${provider} unreachable: ${why}`, maybeSent: false }
  return { error: `${provider}: the connection failed during the request (${why}); it may have accepted the message, so it is not retried`, maybeSent: true }
}
