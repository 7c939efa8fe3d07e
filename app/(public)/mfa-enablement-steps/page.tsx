// The same screen as /configure-mfa (seed 001 §2.2 lists the setup steps under these paths too).
export { default, generateMetadata } from '../configure-mfa/page'
