/** @jest-environment node */
// The vendor FlowDefinition: zod parsing (unknown kinds kept and labeled), and the graph and
// reference checks, each error with its JSON pointer.
import { flowDefinition, actionLinks, triggerTypeOf, type FlowDefinition } from '@/lib/flows/definition'
import {
  definitionFieldErrors,
  structuralErrors,
  validateFlowDefinition,
  type FlowRefs,
  type RefKind,
} from '@/lib/flows/validate-definition'

/** The company's ids, as a refs resolver (the store's resolver reads the database instead). */
const REFS: Record<RefKind, string[]> = {
  list: ['LstAAA'],
  segment: ['SegAAA'],
  metric: ['MetAAA'],
  template: ['TplAAA'],
  group: ['LstAAA', 'SegAAA'],
}
const refs: FlowRefs = { existing: async (kind, ids) => new Set(ids.filter((i) => REFS[kind].includes(i))) }

/** A welcome series: list trigger, conditional split, time delay, send-email, list-update. */
export function welcomeSeries(): FlowDefinition {
  return {
    triggers: [{ type: 'list', id: 'LstAAA' }],
    profile_filter: {
      condition_groups: [
        {
          conditions: [
            { type: 'profile-marketing-consent', consent: { channel: 'email', can_receive_marketing: true } },
          ],
        },
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
                    metric_id: 'MetAAA',
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
        data: {
          unit: 'days',
          value: 2,
          delay_until_time: '09:00',
          delay_until_weekdays: ['monday', 'tuesday'],
          timezone: 'profile',
        },
      },
      {
        temporary_id: 'email1',
        type: 'send-email',
        links: { next: 'tag' },
        data: {
          status: 'draft',
          message: {
            name: 'Welcome',
            from_email: 'shop@example.com',
            from_label: 'Shop',
            subject_line: 'Welcome!',
            template_id: 'TplAAA',
            smart_sending_enabled: true,
          },
        },
      },
      {
        temporary_id: 'tag',
        type: 'list-update',
        links: { next: null },
        data: { name: 'Add to welcomed', on_execution: true, list_id: 'LstAAA' },
      },
    ],
  }
}

const parse = (d: unknown) => flowDefinition.parse(d) as FlowDefinition

test('the welcome series parses, validates clean and keeps every field', async () => {
  const def = parse(welcomeSeries())
  expect(def).toEqual(welcomeSeries())
  expect(await validateFlowDefinition(def, refs, { mode: 'create' })).toEqual([])
  expect(triggerTypeOf(def.triggers)).toBe('Added to List')
  expect(actionLinks(def.actions[0]!).map((l) => l.target)).toEqual(['email1', 'wait'])
})

test('unknown trigger, action and condition kinds are kept and labeled unsupported; extra fields survive', () => {
  const d = welcomeSeries()
  d.triggers = [{ type: 'shopify-thing', id: 'x', anything: { deep: [1] } } as never]
  d.actions.push({ temporary_id: 'robot', type: 'ai-robot', links: { next: null }, data: { prompt: 'hi' } } as never)
  ;(d.actions[3] as { links: { next: string | null } }).links.next = 'robot'
  d.profile_filter!.condition_groups[0]!.conditions.push({ type: 'profile-horoscope', sign: 'leo' })
  ;(d as Record<string, unknown>).future_field = { kept: true }
  const def = parse(d)
  expect(def.triggers[0]).toEqual({ type: 'shopify-thing', id: 'x', anything: { deep: [1] }, unsupported: true })
  expect(def.actions[4]).toEqual({
    temporary_id: 'robot',
    type: 'ai-robot',
    links: { next: null },
    data: { prompt: 'hi' },
    unsupported: true,
  })
  expect(def.profile_filter!.condition_groups[0]!.conditions[1]).toEqual({
    type: 'profile-horoscope',
    sign: 'leo',
    unsupported: true,
  })
  expect(def.future_field).toEqual({ kept: true })
  expect(triggerTypeOf(def.triggers)).toBe('Unconfigured')
  // Links of an unknown action are still checked and followed.
  expect(structuralErrors(def, { mode: 'create' })).toEqual([])
})

// [name, change to the welcome series, pointer, message fragment]
const INVALID: Array<[string, (d: FlowDefinition & Record<string, unknown>) => void, string, string]> = [
  [
    'a cycle',
    (d) => {
      ;(d.actions[3] as { links: { next: string } }).links.next = 'split'
    },
    '/actions/3/links/next',
    'cycle',
  ],
  [
    'a dangling link',
    (d) => {
      ;(d.actions[1] as { links: { next: string } }).links.next = 'nope'
    },
    '/actions/1/links/next',
    '"nope"',
  ],
  [
    'a dangling split branch',
    (d) => {
      ;(d.actions[0] as { links: { next_if_false: string } }).links.next_if_false = 'gone'
    },
    '/actions/0/links/next_if_false',
    '"gone"',
  ],
  [
    'a missing entry_action_id',
    (d) => {
      d.entry_action_id = null
    },
    '/entry_action_id',
    'required',
  ],
  [
    'an unknown entry_action_id',
    (d) => {
      d.entry_action_id = 'zzz'
    },
    '/entry_action_id',
    '"zzz"',
  ],
  [
    'duplicate ids',
    (d) => {
      d.actions[2]!.temporary_id = 'wait'
    },
    '/actions/2/temporary_id',
    'more than once',
  ],
  [
    'an id on create',
    (d) => {
      d.actions[1]!.id = '123'
    },
    '/actions/1/id',
    'temporary_id',
  ],
  [
    'no temporary_id',
    (d) => {
      delete d.actions[1]!.temporary_id
    },
    '/actions/1/temporary_id',
    'needs a temporary_id',
  ],
  [
    'a self link',
    (d) => {
      ;(d.actions[1] as { links: { next: string } }).links.next = 'wait'
    },
    '/actions/1/links/next',
    'itself',
  ],
  [
    'two triggers',
    (d) => {
      d.triggers.push({ type: 'metric', id: 'MetAAA' })
    },
    '/triggers',
    'one trigger',
  ],
  [
    'a split with one branch',
    (d) => {
      d.actions.push({
        temporary_id: 'mb',
        type: 'multi-branch-split',
        links: null,
        data: { name: 'Split', branches: [{ branch_id: 'b1', links: { next: null } }] },
      })
      ;(d.actions[3] as { links: { next: string } }).links.next = 'mb'
    },
    '/actions/4/data/branches',
    'at least two branches',
  ],
]

test.each(INVALID)('refuses %s', (_name, change, pointer, detail) => {
  const d = welcomeSeries() as FlowDefinition & Record<string, unknown>
  change(d)
  const errors = structuralErrors(parse(d), { mode: 'create', base: '/data/attributes/definition' })
  expect(errors).toContainEqual({
    pointer: '/data/attributes/definition' + pointer,
    detail: expect.stringContaining(detail),
  })
})

// [name, change, pointer] for references the company does not have
const UNKNOWN_REFS: Array<[string, (d: FlowDefinition) => void, string]> = [
  [
    'list trigger',
    (d) => {
      d.triggers = [{ type: 'list', id: 'LstZZZ' }]
    },
    '/triggers/0/id',
  ],
  [
    'segment trigger',
    (d) => {
      d.triggers = [{ type: 'segment', id: 'LstAAA' }]
    },
    '/triggers/0/id',
  ],
  [
    'metric trigger',
    (d) => {
      d.triggers = [{ type: 'metric', id: 'MetZZZ', trigger_filter: null }]
    },
    '/triggers/0/id',
  ],
  [
    'template',
    (d) => {
      ;(d.actions[2] as { data: { message: { template_id: string } } }).data.message.template_id = 'TplZZZ'
    },
    '/actions/2/data/message/template_id',
  ],
  [
    'list of a list-update',
    (d) => {
      ;(d.actions[3] as { data: { list_id: string } }).data.list_id = 'SegAAA'
    },
    '/actions/3/data/list_id',
  ],
  [
    'metric of a split condition',
    (d) => {
      ;(
        d.actions[0] as {
          data: { profile_filter: { condition_groups: Array<{ conditions: Array<{ metric_id: string }> }> } }
        }
      ).data.profile_filter.condition_groups[0]!.conditions[0]!.metric_id = 'MetZZZ'
    },
    '/actions/0/data/profile_filter/condition_groups/0/conditions/0/metric_id',
  ],
  [
    'group of the profile filter',
    (d) => {
      d.profile_filter = {
        condition_groups: [
          { conditions: [{ type: 'profile-group-membership', is_member: true, group_ids: ['SegAAA', 'GrpZZZ'] }] },
        ],
      }
    },
    '/profile_filter/condition_groups/0/conditions/0/group_ids/1',
  ],
]

test.each(UNKNOWN_REFS)('refuses an unknown %s', async (_name, change, pointer) => {
  const d = welcomeSeries()
  change(d)
  const errors = await validateFlowDefinition(parse(d), refs, { mode: 'create' })
  expect(errors).toEqual([{ pointer, detail: expect.stringMatching(/^There is no .+ with id/) }])
})

// [name, definition change, pointer zod reports]
const SHAPES: Array<[string, (d: Record<string, unknown>) => void, string]> = [
  [
    'a time delay without value',
    (d) => {
      delete (d.actions as Array<{ data: Record<string, unknown> }>)[1]!.data.value
    },
    '/actions/1/data/value',
  ],
  [
    'a bad delay unit',
    (d) => {
      ;(d.actions as Array<{ data: Record<string, unknown> }>)[1]!.data.unit = 'fortnights'
    },
    '/actions/1/data/unit',
  ],
  [
    'a bad time zone',
    (d) => {
      ;(d.actions as Array<{ data: Record<string, unknown> }>)[1]!.data.timezone = 'Mars/Olympus'
    },
    '/actions/1/data/timezone',
  ],
  [
    'a split without links',
    (d) => {
      delete (d.actions as Array<Record<string, unknown>>)[0]!.links
    },
    '/actions/0/links',
  ],
  [
    'a webhook without url',
    (d) => {
      ;(d.actions as unknown[]).push({ temporary_id: 'w', type: 'send-webhook', data: { message: { body: '{}' } } })
    },
    '/actions/4/data/message/url',
  ],
  [
    'a date trigger without trigger_time',
    (d) => {
      d.triggers = [
        {
          type: 'date',
          date_field_type: 'profile-property',
          date_profile_property: 'birthday',
          timedelta_value_before_date: 0,
        },
      ]
    },
    '/triggers/0/trigger_time',
  ],
  [
    'a group condition without group_ids',
    (d) => {
      d.profile_filter = { condition_groups: [{ conditions: [{ type: 'profile-group-membership', is_member: true }] }] }
    },
    '/profile_filter/condition_groups/0/conditions/0/group_ids',
  ],
  [
    'a bad reentry unit',
    (d) => {
      d.reentry_criteria = { duration: 1, unit: 'year' }
    },
    '/reentry_criteria/unit',
  ],
  [
    'no actions array',
    (d) => {
      delete d.actions
    },
    '/actions',
  ],
]

test.each(SHAPES)('zod refuses %s at its field', (_name, change, pointer) => {
  const d = welcomeSeries() as unknown as Record<string, unknown>
  change(d)
  const r = flowDefinition.safeParse(d)
  expect(r.success).toBe(false)
  expect(r.error!.issues.map((i) => '/' + i.path.join('/'))).toContain(pointer)
})

test('every known trigger kind parses, and the trigger_type follows it', () => {
  const cases: Array<[unknown, string | null]> = [
    [{ type: 'segment', id: 'SegAAA' }, null],
    [{ type: 'metric', id: 'MetAAA', trigger_filter: { condition_groups: [] } }, 'Metric'],
    [
      {
        type: 'date',
        date_field_type: 'profile-property',
        date_profile_property: 'birthday',
        timedelta_value_before_date: 0,
        trigger_time: '09:00',
        timezone: 'Europe/Lisbon',
        recurrence_frequency: 'annually',
      },
      'Date Based',
    ],
    [
      {
        type: 'price-drop',
        trigger_filter: null,
        price_drop_amount_value: 5,
        price_drop_amount_unit: 'percent',
        audience: ['viewed'],
      },
      'Price Drop',
    ],
    [
      {
        type: 'low-inventory',
        product_level: 'variant',
        trigger_filter: null,
        inventory_count: 3,
        audience: ['checkout-started'],
      },
      'Low Inventory',
    ],
  ]
  for (const [t, type] of cases) {
    const def = parse({ triggers: [t], actions: [], entry_action_id: null })
    expect(def.triggers[0]).not.toHaveProperty('unsupported')
    expect(triggerTypeOf(def.triggers)).toBe(type)
  }
})

test('a multi-branch split follows every branch link; an empty flow is valid', () => {
  const def = parse({
    triggers: [],
    entry_action_id: 'mb',
    actions: [
      {
        temporary_id: 'mb',
        type: 'multi-branch-split',
        links: null,
        data: {
          name: 'By country',
          branches: [
            { branch_id: 'pt', order: 0, branch_filter: { condition_groups: [] }, links: { next: 'a' } },
            { branch_id: 'else', order: 1, is_else: true, links: { next: 'a' } },
          ],
        },
      },
      { temporary_id: 'a', type: 'send-sms', links: { next: null }, data: { message: { body: 'Olá' } } },
    ],
  })
  expect(actionLinks(def.actions[0]!).map((l) => l.path.join('/'))).toEqual([
    'data/branches/0/links/next',
    'data/branches/1/links/next',
  ])
  expect(structuralErrors(def, { mode: 'create' })).toEqual([])
  expect(structuralErrors(parse({ triggers: [], actions: [], entry_action_id: null }), { mode: 'create' })).toEqual([])
})

test('definition errors become /ajax field errors keyed by path', () => {
  const d = welcomeSeries()
  ;(d.actions[1] as { links: { next: string } }).links.next = 'nope'
  d.entry_action_id = null
  expect(definitionFieldErrors(structuralErrors(parse(d), { mode: 'create' }))).toEqual({
    entry_action_id: [expect.stringContaining('required')],
    'actions.1.links.next': [expect.stringContaining('"nope"')],
  })
})
