// What a failed request to a message provider means for exactly-once: when the request never left
// (no connection, no DNS answer, an address the policy refuses, a TLS failure) retrying is safe;
// when it may have reached the provider (our timeout fired while waiting for the answer, the
// socket closed mid-exchange) the message may have been accepted, so it is not retried: the Send
// ends 'unknown', never twice. The text is ours (lib/net/safe-fetch), never the other side's.
import { OutboundError } from '@/lib/net/safe-fetch'

export interface ProviderFetchError {
  error: string
  /** The provider may have accepted the message: do not retry. */
  maybeSent: boolean
}

export function providerFetchError(e: unknown, provider: string, timeoutMs: number): ProviderFetchError {
  const err =
    e instanceof OutboundError
      ? e
      : new OutboundError('failed', 'The connection failed during the request.', undefined, true)
  if (!err.sent)
    return {
      error: `${provider} unreachable: ${err.kind === 'blocked' ? 'the address is not allowed' : (err.code ?? err.kind)}`,
      maybeSent: false,
    }
  if (err.kind === 'timeout') {
    return {
      error: `${provider}: no answer within ${timeoutMs} ms; it may have accepted the message, so it is not retried`,
      maybeSent: true,
    }
  }
  return {
    error: `${provider}: the connection failed during the request (${err.code ?? err.kind}); it may have accepted the message, so it is not retried`,
    maybeSent: true,
  }
}
