// Shared fixtures of the flows-ajax-list*.test.ts files: companies with a list, a segment, a
// metric and templates, a valid definition, and a call helper with a real session cookie.
import { db } from '@/lib/db/client'
import { LIST, SEGMENT } from '@/lib/groups/group-view'
import { ajaxRequest, params } from '../helpers/factory'

export type Handler = (req: Request, ctx?: { params?: Promise<Record<string, string>> }) => Promise<Response>

export async function call(
  h: Handler,
  path: string,
  o: { method?: string; body?: unknown; cookie: string; p?: Record<string, string>; headers?: Record<string, string> },
) {
  const res = await h(
    ajaxRequest(path, { method: o.method ?? 'GET', cookie: o.cookie, body: o.body, headers: o.headers }),
    o.p ? params(o.p) : undefined,
  )
  const text = await res.text()
  return { status: res.status, json: text ? JSON.parse(text) : null, headers: res.headers }
}

export async function fixtures(companyId: number, suffix: string) {
  await db.group.create({ data: { id: 'Lst' + suffix, companyId, name: 'Newsletter', type: LIST } })
  await db.group.create({ data: { id: 'Seg' + suffix, companyId, name: 'VIPs', type: SEGMENT } })
  await db.metric.create({ data: { id: 'Met' + suffix, companyId, name: 'Placed Order' } })
  await db.template.create({
    data: {
      id: 'Tpl' + suffix,
      companyId,
      name: 'Welcome',
      editorType: 'CODE',
      html: '<p>Hi</p><a href="{% unsubscribe_link %}">Unsubscribe</a>',
      compiledHtml: '<p>Hi</p><a href="x">Unsubscribe</a>',
      compiledText: 'Hi',
    },
  })
  await db.template.create({
    data: {
      id: 'Nou' + suffix,
      companyId,
      name: 'No unsubscribe',
      editorType: 'CODE',
      html: '<p>Buy</p>',
      compiledHtml: '<p>Buy</p>',
      compiledText: 'Buy',
    },
  })
}

/** A list-triggered welcome: split → (true) email → list-update; (false) wait → email. */
export function welcome(suffix: string, template = 'Tpl' + suffix) {
  return {
    triggers: [{ type: 'list', id: 'Lst' + suffix }],
    profile_filter: {
      condition_groups: [
        { conditions: [{ type: 'profile-group-membership', is_member: false, group_ids: ['Seg' + suffix] }] },
      ],
    },
    entry_action_id: 'split',
    reentry_criteria: { duration: 1, unit: 'alltime' },
    actions: [
      {
        temporary_id: 'split',
        type: 'conditional-split',
        links: { next_if_true: 'email1', next_if_false: 'wait' },
        data: {
          profile_filter: {
            condition_groups: [
              {
                conditions: [
                  {
                    type: 'profile-metric',
                    metric_id: 'Met' + suffix,
                    measurement: 'count',
                    measurement_filter: { type: 'numeric', operator: 'greater-than', value: 0 },
                    timeframe_filter: { type: 'date', operator: 'alltime' },
                  },
                ],
              },
            ],
          },
        },
      },
      {
        temporary_id: 'wait',
        type: 'time-delay',
        links: { next: 'email1' },
        data: { unit: 'days', value: 2, timezone: 'profile' },
      },
      {
        temporary_id: 'email1',
        type: 'send-email',
        links: { next: 'tag' },
        data: {
          status: 'draft',
          message: {
            name: 'Welcome email',
            from_email: 'shop@example.com',
            from_label: 'Shop',
            subject_line: 'Welcome!',
            template_id: template,
          },
        },
      },
      {
        temporary_id: 'tag',
        type: 'list-update',
        links: { next: null },
        data: { name: 'Tag welcomed', on_execution: true, list_id: 'Lst' + suffix },
      },
    ],
  }
}

/** A metric-triggered single email. */
export function oneEmail(suffix: string) {
  return {
    triggers: [{ type: 'metric', id: 'Met' + suffix }],
    entry_action_id: 'e',
    actions: [
      {
        temporary_id: 'e',
        type: 'send-email',
        links: { next: null },
        data: { status: 'live', message: { name: 'Thanks', subject_line: 'Thanks', template_id: 'Tpl' + suffix } },
      },
    ],
  }
}
