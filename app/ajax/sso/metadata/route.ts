import { ajax } from '@/lib/http/ajax'
import { spMetadataXml } from '@/lib/auth/sso/sp-metadata'

// GET /ajax/sso/metadata – the account's SP metadata XML, as a download for the identity provider
export const GET = ajax({
  resources: ['account_security_page'],
  handler: ({ ctx }) =>
    new Response(spMetadataXml(ctx.principal.companyId), {
      headers: {
        'content-type': 'application/samlmetadata+xml; charset=utf-8',
        'content-disposition': 'attachment; filename="sp-metadata.xml"',
      },
    }),
})
