// POST /oauth/revoke – RFC 7009 token revocation: 200 whether or not the token was known.
import { oauthEndpoint } from '@/lib/oauth/oauth-endpoint'
import { revokeToken } from '@/lib/oauth/revoke-token'
import { OAuthError } from '@/lib/oauth/oauth-error'

export const POST = oauthEndpoint(async ({ client, form }) => {
  const token = form.get('token')
  if (!token) throw new OAuthError('invalid_request', 'token is required.')
  await revokeToken(client, token)
  return {}
}, '/oauth/revoke')
