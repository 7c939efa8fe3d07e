// The /forms/create starting templates (issue 20 §3) as Version JSON. Each is a function of the
// company's context, so a template can name the list it subscribes to and the company's SMS text.
import {
  closeButton,
  couponBlock,
  delay,
  emailField,
  escapeHtml,
  exitIntent,
  heading,
  neverAfterSubmit,
  paragraph,
  phoneField,
  redirectButton,
  smsDisclosure,
  step,
  submitButton,
  textField,
  unidentified,
  version,
} from './build-blocks'
import type { ChannelType, FormType } from '../definition/summarize'

export interface TemplateContext {
  listId: string | null
  companyName: string
  /** The company's own SMS consent language, when it has one; else the default disclosure. */
  smsConsentText?: string | null
}

export interface FormTemplate {
  key: string
  name: string
  description: string
  formType: FormType
  channelType: ChannelType
  build(ctx: TemplateContext): Record<string, unknown>
}

/** A TCPA-style disclosure: what the subscriber agrees to, frequency, rates, STOP and HELP. */
export function defaultSmsDisclosure(companyName: string): string {
  const who = escapeHtml(companyName || 'us')
  return `<p>By submitting this form and signing up for texts, you consent to receive marketing text messages (e.g. promos, cart reminders) from ${who} at the number provided, including messages sent by autodialer. Consent is not a condition of purchase. Msg &amp; data rates may apply. Msg frequency varies. Unsubscribe at any time by replying STOP or clicking the unsubscribe link (where available). Reply HELP for help.</p>`
}

const success = (title: string, text: string) =>
  step('Success', [heading(title), paragraph(text), closeButton('Continue shopping')])

export const FORM_TEMPLATES: FormTemplate[] = [
  {
    key: 'blank',
    name: 'Blank popup',
    description: 'An email field and a thank-you step to build on.',
    formType: 'popup',
    channelType: 'email',
    build: ({ listId }) =>
      version(
        'popup',
        [
          step('Email', [heading('Sign up'), emailField(), submitButton('Subscribe', listId)]),
          success('Thank you!', 'You are on the list.'),
        ],
        { triggers: [delay(5)] },
      ),
  },
  {
    key: 'discount_popup',
    name: 'Discount popup',
    description: 'Offer 10 % off for an email address, then show the code.',
    formType: 'popup',
    channelType: 'email',
    build: ({ listId }) =>
      version(
        'popup',
        [
          step('Email', [
            heading('Get 10% off your first order'),
            paragraph('Join our list for exclusive offers.'),
            emailField(),
            submitButton('Claim my discount', listId),
            closeButton('No thanks'),
          ]),
          step('Success', [
            heading('Here is your code'),
            couponBlock('WELCOME10'),
            paragraph('Use it at checkout.'),
            closeButton('Start shopping'),
          ]),
        ],
        { triggers: [delay(5), unidentified(), neverAfterSubmit(30)] },
      ),
  },
  {
    key: 'newsletter_embed',
    name: 'Newsletter embed',
    description: 'A footer form that sits inside your page.',
    formType: 'embed',
    channelType: 'email',
    build: ({ listId }) =>
      version(
        'embed',
        [
          step('Email', [heading('Subscribe to our newsletter', 2), emailField(), submitButton('Subscribe', listId)]),
          step('Success', [paragraph('Thanks for subscribing!')]),
        ],
        { styles: { width: 'full', background_color: '#FFFFFF' } },
      ),
  },
  {
    key: 'sms_two_step',
    name: 'SMS two-step',
    description: 'Collect an email first, then a phone number with SMS consent.',
    formType: 'popup',
    channelType: 'email_and_sms',
    build: ({ listId, companyName, smsConsentText }) =>
      version(
        'popup',
        [
          step('Email', [heading('Unlock 15% off'), emailField(), submitButton('Continue', listId)]),
          step('Phone', [
            heading('Get texts too?'),
            phoneField(),
            smsDisclosure(
              smsConsentText?.trim()
                ? `<p>${escapeHtml(smsConsentText.trim())}</p>`
                : defaultSmsDisclosure(companyName),
            ),
            submitButton('Subscribe to texts', listId),
          ]),
          success('You are in!', 'Check your inbox and your phone.'),
        ],
        { triggers: [delay(5), neverAfterSubmit(30)] },
      ),
  },
  {
    key: 'exit_intent_flyout',
    name: 'Exit-intent flyout',
    description: 'Slides in when a visitor is about to leave.',
    formType: 'flyout',
    channelType: 'email',
    build: ({ listId }) =>
      version(
        'flyout',
        [
          step('Email', [
            heading('Before you go…'),
            paragraph('Take 10% off your first order.'),
            emailField(),
            submitButton('Send my code', listId),
          ]),
          success('Check your inbox', 'Your code is on its way.'),
        ],
        { location: 'bottom_right', triggers: [exitIntent(), neverAfterSubmit(14)] },
      ),
  },
  {
    key: 'full_page_welcome',
    name: 'Full-page welcome',
    description: 'A full-screen welcome for first-time visitors.',
    formType: 'full_page',
    channelType: 'email',
    build: ({ listId }) =>
      version(
        'full_screen',
        [
          step('Email', [
            heading('Welcome'),
            paragraph('Sign up for early access to new arrivals.'),
            textField('$first_name', 'First name'),
            emailField(),
            submitButton('Sign me up', listId),
            closeButton('Maybe later'),
          ]),
          step('Success', [heading('Welcome aboard!'), redirectButton('Shop new arrivals', '/')]),
        ],
        {
          styles: { width: 'full', background_color: '#FFFFFF' },
          triggers: [delay(3), unidentified(), neverAfterSubmit(365)],
        },
      ),
  },
  {
    key: 'back_in_stock',
    name: 'Back in stock',
    description: 'Let shoppers ask to hear when a product returns.',
    formType: 'popup',
    channelType: 'email',
    build: ({ listId }) =>
      version(
        'popup',
        [
          step('Email', [heading('Notify me when available', 2), emailField(), submitButton('Notify me', listId)]),
          success('You are on the list', 'We will email you when it is back in stock.'),
        ],
        { specialties: ['BACK_IN_STOCK'] },
      ),
  },
]

export function findTemplate(key: string): FormTemplate | undefined {
  return FORM_TEMPLATES.find((t) => t.key === key)
}
