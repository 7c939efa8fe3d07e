// node-saml set up for one account: the IdP's certificates for the signature checks, our entity
// id as the audience, InResponseTo always checked against the requests we sent (SsoMessageId),
// a three-minute clock skew, and signed assertions required.
import { SAML, ValidateInResponseTo } from '@node-saml/node-saml'
import { acsUrl, spEntityId } from './sp-identity'
import { REQUEST_TTL_MS, requestIdCache } from './sso-message-ids'

export const CLOCK_SKEW_MS = 3 * 60_000

export function samlClient(
  companyId: number,
  cfg: { idpSsoUrl: string; idpEntityId: string; certificates: string[] },
): SAML {
  return new SAML({
    entryPoint: cfg.idpSsoUrl,
    issuer: spEntityId(companyId),
    callbackUrl: acsUrl('saml'),
    audience: spEntityId(companyId),
    idpIssuer: cfg.idpEntityId,
    idpCert: cfg.certificates,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_TTL_MS,
    cacheProvider: requestIdCache(companyId),
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    disableRequestedAuthnContext: true,
  })
}
