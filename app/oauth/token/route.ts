// POST /oauth/token – RFC 6749 token endpoint: authorization_code (PKCE required) and refresh_token.
import { oauthEndpoint } from '@/lib/oauth/oauth-endpoint'
import { exchangeCode, exchangeRefresh } from '@/lib/oauth/exchange-token'
import { OAuthError } from '@/lib/oauth/oauth-error'

export const POST = oauthEndpoint(async ({ client, form }) => {
  const grant = form.get('grant_type')
  if (grant === 'authorization_code') return exchangeCode(client, form)
  if (grant === 'refresh_token') return exchangeRefresh(client, form)
  if (!grant) throw new OAuthError('invalid_request', 'grant_type is required.')
  throw new OAuthError('unsupported_grant_type', 'Only authorization_code and refresh_token are supported.')
}, '/oauth/token')
