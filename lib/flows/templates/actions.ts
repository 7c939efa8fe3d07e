// Small builders for the actions of the flow templates (vendor FlowDefinition shapes with
// temporary ids). New flows start as drafts; every action is created in draft too, so nothing
// sends until the merchant turns the flow live.
import type { FlowAction } from '../definition'
import type { TemplateEmail, TemplateRefs } from './template-types'

export function emailAction(id: string, next: string | null, email: TemplateEmail, refs: TemplateRefs): FlowAction {
  return {
    temporary_id: id,
    type: 'send-email',
    links: { next },
    data: {
      status: 'draft',
      message: {
        name: email.name,
        subject_line: email.subject,
        preview_text: email.previewText,
        template_id: refs.template(email.key),
        from_email: null,
        from_label: null,
        reply_to_email: null,
        cc_email: null,
        bcc_email: null,
        smart_sending_enabled: true,
        transactional: false,
        add_tracking_params: true,
        custom_tracking_params: null,
      },
    },
  }
}

export function delayAction(
  id: string,
  next: string | null,
  value: number,
  unit: 'minutes' | 'hours' | 'days' | 'weeks',
): FlowAction {
  return {
    temporary_id: id,
    type: 'time-delay',
    links: { next },
    data: { unit, value, secondary_value: null, delay_until_time: null, delay_until_weekdays: null },
  }
}

/** True when the profile has done `metricId` zero times since it entered the flow. */
export function notDoneSinceStartSplit(
  id: string,
  ifTrue: string | null,
  ifFalse: string | null,
  metricId: string,
): FlowAction {
  return {
    temporary_id: id,
    type: 'conditional-split',
    links: { next_if_true: ifTrue, next_if_false: ifFalse },
    data: {
      profile_filter: {
        condition_groups: [
          {
            conditions: [
              {
                type: 'profile-metric',
                metric_id: metricId,
                measurement: 'count',
                measurement_filter: { type: 'numeric', operator: 'equals', value: 0 },
                timeframe_filter: { type: 'date', operator: 'flow-start' },
                metric_filters: null,
              },
            ],
          },
        ],
      },
    },
  }
}

/** Leaves out profiles who received this flow in the last `days` days (re-entry guard of the catalog flows). */
export const notInFlowFilter = (days: number) => ({
  condition_groups: [
    {
      conditions: [
        {
          type: 'profile-not-in-flow',
          timeframe_filter: { type: 'date', operator: 'in-the-last', quantity: days, unit: 'day' },
        },
      ],
    },
  ],
})
