/** @jest-environment node */
// parseFormVersion (issue 20 F1): the shape, the checks across steps, the limits, and that a
// definition round-trips; the /forms/create templates all pass it.
import { parseFormVersion } from '@/lib/forms/definition/parse-form-version'
import { summarizeDefinition } from '@/lib/forms/definition/summarize'
import { FORM_TEMPLATES, defaultSmsDisclosure } from '@/lib/forms/templates/form-templates'
import { FORM_ID_PATTERN, newFormId } from '@/lib/forms/ids'

type Json = Record<string, unknown>
const email = { type: 'email', properties: { placeholder: 'Email', required: true } }
const next = (listId: string | null = null) => ({
  type: 'button',
  properties: { label: 'Go' },
  action: { type: 'next_step', submit: true, properties: { list_id: listId } },
})
const text = (content: string) => ({ type: 'html_text', properties: { content } })
const step = (blocks: Json[], extra: Json = {}) => ({ ...extra, columns: [{ rows: [{ blocks }] }] })
const form = (steps: Json[], extra: Json = {}) => ({ type: 'popup', steps, ...extra })
const blockAt = (s: number, b = 0) => `/steps/${s}/columns/0/rows/0/blocks/${b}`

describe('parseFormVersion rejects with JSON pointers', () => {
  const cases: Array<[string, unknown, string, RegExp]> = [
    ['not an object', 'nope', '', /object/i],
    ['no steps key', { type: 'popup' }, '/steps', /./],
    ['an empty steps array', form([]), '/steps', /at least one step/],
    ['a step without columns', form([{ columns: [] }]), '/steps/0/columns', /at least one column/],
    [
      'an unknown block kind',
      form([step([email, { type: 'marquee', properties: {} }])]),
      `${blockAt(0, 1)}/type`,
      /Unknown block type "marquee"/,
    ],
    ['a block without a type', form([step([{ properties: {} }])]), `${blockAt(0)}/type`, /needs a "type"/],
    [
      'an unknown trigger kind',
      form([step([email])], { triggers: [{ type: 'moon_phase' }] }),
      '/triggers/0/type',
      /Unknown trigger type/,
    ],
    [
      'an unknown action kind',
      form([step([{ type: 'button', properties: { label: 'x' }, action: { type: 'teleport', submit: true } }])]),
      `${blockAt(0)}/action/type`,
      /Unknown action type/,
    ],
    ['a next step from the last step', form([step([email, next()])]), `${blockAt(0, 1)}/action/type`, /last step/],
    [
      'a slice naming a missing step',
      form([
        step([{ type: 'spin_to_win', properties: { slices: [{ label: 'a', probability: 100, step_id: 'ghost' }] } }]),
      ]),
      `${blockAt(0)}/properties/slices/0/step_id`,
      /No step has the id "ghost"/,
    ],
    [
      'a cycle of step links',
      form([
        step([email, next()], { id: 's1' }),
        step([{ type: 'spin_to_win', properties: { slices: [{ label: 'again', probability: 100, step_id: 's1' }] } }], {
          id: 's2',
        }),
      ]),
      `${blockAt(1)}/properties/slices/0/step_id`,
      /cycle/,
    ],
    ['a name over 255 characters', form([step([email])], { name: 'n'.repeat(256) }), '/name', /255/],
    [
      'a text block over 10,000 characters',
      form([step([text('x'.repeat(10_001))])]),
      `${blockAt(0)}/properties/content`,
      /10000/,
    ],
    ['more than 10 steps', form(Array.from({ length: 11 }, () => step([text('hi')]))), '/steps', /10 steps/],
    [
      'more than 100 blocks',
      form([step(Array.from({ length: 101 }, () => text('hi')))]),
      `${blockAt(0, 100)}`,
      /100 blocks/,
    ],
    ['a bad form type', form([step([email])], { type: 'sidebar' }), '/type', /./],
    [
      'a bad location code',
      form([step([email])], { triggers: [{ type: 'location', properties: { allow_list: ['Narnia'] } }] }),
      '/triggers/0/properties/allow_list/0',
      /country code/,
    ],
  ]
  it.each(cases)('%s', (_name, input, pointer, message) => {
    const r = parseFormVersion(input)
    expect(r.ok).toBe(false)
    if (r.ok) return
    const hit = r.errors.find((e) => e.pointer === pointer)
    expect({ pointers: r.errors.map((e) => e.pointer), hit: !!hit }).toEqual(expect.objectContaining({ hit: true }))
    expect(hit!.message).toMatch(message)
  })
})

describe('parseFormVersion accepts and round-trips', () => {
  const full = {
    id: 7,
    name: 'Spring',
    type: 'flyout',
    location: 'bottom_right',
    status: 'draft',
    channel: 'WEB',
    message_priority: 50,
    steps: [
      step(
        [
          text('<h1>Hi</h1>'),
          email,
          { type: 'phone_number', properties: { sms_consent_type: ['promotional'] } },
          next('Lst123'),
        ],
        { id: 'a', name: 'Email', future_field: { kept: true } },
      ),
      step(
        [
          { type: 'coupon', properties: { coupon: { type: 'static', text: 'WELCOME10' } } },
          { type: 'button', properties: { label: 'Close' }, action: { type: 'close', submit: false } },
        ],
        { id: 'b' },
      ),
    ],
    triggers: [
      { type: 'delay', properties: { seconds: 5 } },
      { type: 'exit_intent' },
      { type: 'location', properties: { allow_list: ['US', 'con_EU'] } },
    ],
    teasers: [{ content: 'Get 10%', display_order: 'after', styles: { background_color: '#000' } }],
    styles: { width: 'medium', background_color: '#FFFFFF', custom_css: { enabled: false, css: '' }, new_style_key: 3 },
    properties: { show_close_button: true, click_outside_to_close: ['both'] },
  }

  it('keeps every field, known or not', () => {
    const r = parseFormVersion(full)
    expect(r.ok && r.version).toEqual(full)
  })

  it('applies the default form type once and is stable after that', () => {
    const r1 = parseFormVersion({ steps: [step([email])] })
    expect(r1.ok && r1.version.type).toBe('popup')
    const r2 = parseFormVersion(JSON.parse(JSON.stringify(r1.ok && r1.version)))
    expect(r2.ok && r2.version).toEqual(r1.ok && r1.version)
  })

  it('summarizes type, channel and the first subscribe list', () => {
    const r = parseFormVersion(full)
    expect(r.ok && summarizeDefinition(r.version)).toEqual({
      formType: 'flyout',
      channelType: 'email_and_sms',
      listId: 'Lst123',
    })
    const fp = parseFormVersion({ type: 'full_screen', steps: [step([{ type: 'phone_number', properties: {} }])] })
    expect(fp.ok && summarizeDefinition(fp.version)).toEqual({
      formType: 'full_page',
      channelType: 'sms',
      listId: null,
    })
  })
})

describe('the /forms/create templates', () => {
  it.each(FORM_TEMPLATES.map((t) => [t.key, t] as const))(
    '%s passes parseFormVersion and matches its type and channel',
    (_key, t) => {
      const r = parseFormVersion(t.build({ listId: 'Lst123', companyName: 'Acme <Shop>' }))
      if (!r.ok) throw new Error(JSON.stringify(r.errors))
      const s = summarizeDefinition(r.version)
      expect(s).toEqual({ formType: t.formType, channelType: t.channelType, listId: 'Lst123' })
    },
  )

  it('the SMS step carries the company text when there is one, else the escaped default disclosure', () => {
    const sms = FORM_TEMPLATES.find((t) => t.key === 'sms_two_step')!
    const own = JSON.stringify(
      sms.build({ listId: null, companyName: 'Acme', smsConsentText: 'Texts from Acme. Reply STOP to stop.' }),
    )
    expect(own).toContain('Texts from Acme. Reply STOP to stop.')
    const dflt = JSON.stringify(sms.build({ listId: null, companyName: 'Acme <Shop>' }))
    expect(dflt).toContain(JSON.stringify(defaultSmsDisclosure('Acme <Shop>')).slice(1, -1))
    expect(dflt).toContain('Acme &lt;Shop&gt;')
    expect(dflt).toMatch(/Reply STOP|replying STOP/)
  })
})

describe('form ids', () => {
  it("are 6 random characters like the vendor's, and do not repeat", () => {
    const ids = Array.from({ length: 2000 }, () => newFormId())
    for (const id of ids) expect(id).toMatch(FORM_ID_PATTERN)
    expect(new Set(ids).size).toBe(ids.length)
  })
})
