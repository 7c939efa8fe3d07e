// Review request after fulfilment (issue 24 §1): Fulfilled Order → wait 7 days (time to arrive
// and be tried) → the send-review-request action with the company's review request template: a
// star row per product of the order, each star opening the hosted form with that rating.
import { REVIEW_REQUEST_HEADING, reviewRequestBlockHtml } from '@/lib/templates/review-request-block'
import type { FlowAction } from '../definition'
import { delayAction } from './actions'
import { wrap } from './emails'
import type { FlowTemplate, TemplateEmail } from './template-types'

export const REVIEW_REQUEST_DELAY_DAYS = 7

const request: TemplateEmail = {
  key: 'review_request',
  name: 'Review request',
  subject: 'How did we do, {{ first_name|default:"there" }}?',
  previewText: 'Rate your order in one click.',
  html: wrap(
    'How did we do?',
    `<h1 style="font-size:24px;margin:0 0 16px">{{ ${REVIEW_REQUEST_HEADING}|default:"How did we do?" }}</h1>
<p>Hi {{ first_name|default:'there' }}, thank you for your order. Tap a star to tell other shoppers what you think: it takes a minute.</p>
${reviewRequestBlockHtml()}`,
  ),
}

export const reviewRequest: FlowTemplate = {
  key: 'review_request',
  name: 'Review request after fulfilment',
  metrics: ['Fulfilled Order'],
  emails: [request],
  steps: [
    { kind: 'trigger', trigger: 'metric', metric: 'Fulfilled Order' },
    { kind: 'delay', value: REVIEW_REQUEST_DELAY_DAYS, unit: 'days' },
    { kind: 'email', name: request.name, subject: request.subject },
  ],
  definition: (refs) => ({
    triggers: [{ type: 'metric', id: refs.metric('Fulfilled Order'), trigger_filter: null }],
    profile_filter: null,
    entry_action_id: 'wait-7d',
    // no limit: every Fulfilled Order enters a run of its own (the requests are per order)
    reentry_criteria: null,
    actions: [
      delayAction('wait-7d', 'review-request', REVIEW_REQUEST_DELAY_DAYS, 'days'),
      {
        temporary_id: 'review-request',
        type: 'send-review-request',
        links: { next: null },
        data: {
          status: 'draft',
          message: {
            name: request.name,
            subject_line: request.subject,
            heading: 'How did we do?',
            template_id: refs.template(request.key),
            from_email: null,
            from_label: null,
            smart_sending_enabled: false,
          },
        },
      } as FlowAction,
    ],
  }),
}
