// This application as a SAML service provider for one account: its entity id (the audience the
// IdP must put in assertions) and the assertion consumer service URL, both from APP_URL.
import { appLink } from '@/lib/config/app-url'

export const spEntityId = (companyId: number) => appLink(`/sso/saml/${companyId}`)
export const acsUrl = (loginType: 'saml' | 'oidc' = 'saml') => appLink(`/login/saml-response/${loginType}`)
