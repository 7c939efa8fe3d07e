// Seed 001 §2.1 (public and unauthenticated routes) and §2.2 (account, setup and security).
import { defineArea, PAGE } from '../define-route'

// 'unauthenticated': only for signed-out visitors (a signed-in visitor goes to /dashboard).
const auth = defineArea('auth', { access: 'unauthenticated', layout: 'none' })
// 'public': anyone, signed in or not.
const open = defineArea('auth', { access: 'public', layout: 'none' })
const publicPages = defineArea('public-pages', { access: 'public', layout: 'none', localeSource: 'sms' })
const account = defineArea('account')
const setup = defineArea('account-setup', PAGE)
const security = defineArea('security')

export const AUTH_ROUTES = [
  // §2.2: the SMS-specific locale source for /sms/unsubscribe and any path ending /{x}/info.
  publicPages('/:publicId/info', { built: true }),
  publicPages('/sms/unsubscribe', { built: true }),

  auth('/login', { built: true }),
  auth('/register', { built: true }),
  auth('/account/password-reset', { built: true }),
  auth('/account/password-reset-done', { built: true }),
  auth('/account/reset-complete', { built: true }),
  auth('/account/reset/:uid/:token', { built: true }),
  auth('/token-error', { built: true }),
  auth('/sso/check-email', { layout: 'navigation', built: true }),
  auth('/sso/login', { built: true }),
  // Reached from an emailed link or mid-sign-in, whether or not a session exists yet.
  open('/account/create-password/:uid/:token', { built: true }),
  open('/login/suspicious', { built: true }),
  open('/mfa-reset-details', { built: true }),
  // Steps of the sign-in itself (device check, second factor, SAML answer): they run before a
  // full session exists, so they cannot require one.
  open('/login-device-validation', { built: true }),
  open('/login-mfa', { built: true }),
  open('/login-mfa-backup', { built: true }),
  open('/login/saml-response/:loginType', { built: true }),

  account('/account-disabled', { layout: 'header', built: true }),
  // Seed 001 §2.2 lists it with the account screens, which need a signed-in user.
  account('/account/deleted', { layout: 'header', built: true }),
  account('/account-disabled-temporary', { layout: 'header', built: true }),
  account('/account/verify-phone', { ...PAGE, built: true }),
  account('/account/worker/:taskId/status', { built: true }),
  account('/account/create', { ...PAGE, built: true }),
  account('/email-confirmation', { layout: 'header', built: true }),
  account('/email-change-confirmation', { layout: 'header', built: true }),

  // The account-setup wizard, one route per step (seed 001 §4: wizards are addressed by step).
  setup('/account-setup', { built: true }),
  setup('/account-setup/init', { built: true }),
  setup('/account-setup/business-category', { built: true }),
  setup('/account-setup/business-focus', { built: true }),
  // The seed writes "choose-channel(s)": both spellings are served.
  setup('/account-setup/choose-channel', { built: true }),
  setup('/account-setup/choose-channels', { built: true }),
  setup('/account-setup/company-website', { built: true }),
  setup('/account-setup/integration', { built: true }),
  setup('/account-setup/integration/data-sharing', { built: true }),
  setup('/account-setup/integration/sync', { built: true }),
  setup('/account-setup/list-size', { built: true }),
  setup('/account-setup/mailing-address', { built: true }),
  setup('/account-setup/platform', { built: true }),
  setup('/account-setup/sender-info', { built: true }),

  // Reached by signed-in users and, when the account requires two-factor sign-in, by a sign-in
  // stopped half-way (no full session yet): the page itself checks which one it has.
  open('/configure-mfa', { built: true }),
  open('/configure-mfa-steps', { built: true }),
  open('/mfa-enablement-steps', { built: true }),
  security('/sso/setup', { required: ['account_security_page'], built: true }),
  security('/sso/test', { required: ['account_security_page'], built: true }),
  security('/sso/exemption-list', { required: ['account_security_page'], built: true }),
]
