// The form editor screen in jsdom with a stand-in network: it loads the form's version, sends the
// draft to the preview frame on every change, shows a refused save's JSON-pointer errors at the
// field they point to (and keeps the draft), saves once fixed, publishes the edited version, and
// switches the preview between desktop and phone; leaving with unsaved work asks first; the
// form is renamed and a variation added from the bar.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import { FormEditorScreen } from '@/components/forms/editor/form-editor-screen'
import enUS from '@/messages/en-US.json'
import { installFetch, type Handler } from '../helpers/flow-builder-render'

const push = jest.fn()
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push, replace: jest.fn(), prefetch: jest.fn(), back: jest.fn() }),
}))

const DEFINITION = {
  type: 'popup',
  steps: [
    {
      name: 'Email',
      columns: [
        {
          rows: [
            { blocks: [{ type: 'html_text', properties: { content: '<p>Get 10 % off</p>' } }] },
            {
              blocks: [
                { type: 'email', properties: { property_name: '$email', placeholder: 'Email', required: true } },
              ],
            },
            {
              blocks: [
                {
                  type: 'button',
                  properties: { label: 'Subscribe' },
                  action: { type: 'next_step', submit: true, properties: { list_id: 'Ls1' } },
                },
              ],
            },
          ],
        },
      ],
    },
    {
      name: 'Success',
      columns: [
        { rows: [{ blocks: [{ type: 'coupon', properties: { coupon: { type: 'static', text: 'WELCOME10' } } }] }] },
      ],
    },
  ],
  triggers: [{ type: 'delay', properties: { seconds: 5 } }],
  styles: { background_color: '#FFFFFF' },
}

function form(status = 'draft', versionStatus = 'draft') {
  return {
    form: {
      id: 'Fm1',
      name: 'Discount popup',
      status,
      formType: 'popup',
      channelType: 'email',
      listId: 'Ls1',
      hasBeenLive: false,
      lastPublishedAt: null,
      templateKey: 'discount_popup',
      schedule: null,
      createdAt: '2026-11-28T10:00:00Z',
      updatedAt: '2026-11-28T10:00:00Z',
      versions: [
        {
          id: 7,
          formId: 'Fm1',
          variationName: 'Version A',
          formType: 'popup',
          status: versionStatus,
          experimentId: null,
          weight: 0,
          createdAt: '2026-11-28T10:00:00Z',
          updatedAt: '2026-11-28T10:00:00Z',
          definition: DEFINITION,
        },
      ],
    },
  }
}

const calls: { method: string; body: unknown }[] = []
let saveAnswer: Handler

beforeEach(() => {
  calls.length = 0
  saveAnswer = () => ({ body: form() })
  const routes: Record<string, Handler> = {
    'GET /ajax/forms/Fm1': () => ({ body: form() }),
    'GET /ajax/lists/simple': () => ({
      body: [
        { id: 'Ls1', name: 'Newsletter', type: 0 },
        { id: 'Sg1', name: 'VIPs', type: 1 },
      ],
    }),
    'PUT /ajax/forms/Fm1/versions/7': (b) => {
      calls.push({ method: 'PUT', body: b })
      return saveAnswer(b)
    },
    'POST /ajax/forms/Fm1/publish': (b) => {
      calls.push({ method: 'PUBLISH', body: b })
      return { body: form('live', 'live') }
    },
    'POST /ajax/forms/Fm1/versions': (b) => {
      calls.push({ method: 'VARIATION', body: b })
      const f = form()
      f.form.versions.push({ ...f.form.versions[0]!, id: 8, variationName: 'Version B' })
      return { status: 201, body: f }
    },
    'POST /ajax/forms/Fm1/rename': (b) => {
      calls.push({ method: 'RENAME', body: b })
      const f = form()
      f.form.name = (b as { name: string }).name
      return { body: f }
    },
  }
  installFetch(routes)
})

/** A step in the steps list: its number and name. */
const stepButton = (n: number, name: string) => screen.getByRole('button', { name: new RegExp(`^${n}\\s*${name}$`) })

function renderEditor() {
  const missing: string[] = []
  render(
    <NextIntlClientProvider
      locale="en-US"
      messages={enUS}
      timeZone="UTC"
      onError={(e) => {
        missing.push(e.message)
      }}
    >
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider
          value={{ authorization: { resources: ['forms_read', 'forms_write'] } } as unknown as StartupData}
        >
          <FormEditorScreen formId="Fm1" versionId="7" publicKey="PK1234" />
        </ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )
  return missing
}

test('edit, preview, a refused save with its pointer at the field, save, publish', async () => {
  const missing = renderEditor()
  const frame = (await screen.findByTestId('form-preview-desktop')) as HTMLIFrameElement
  expect(frame.getAttribute('src')).toBe('/onsite/preview?company_id=PK1234&device=desktop')
  const post = jest.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => {})

  expect(stepButton(1, 'Email')).toHaveAttribute('aria-current', 'step')
  fireEvent.click(screen.getByTestId('block-button'))
  fireEvent.change(screen.getByLabelText('Button text'), { target: { value: '' } })
  await waitFor(() => expect(post).toHaveBeenCalled())
  const sent = post.mock.calls.at(-1)![0] as {
    type: string
    formId: string
    step: number
    definition: typeof DEFINITION
  }
  expect(sent).toMatchObject({ type: 'klaviyo-form-preview', formId: 'Fm1', step: 0 })
  expect(sent.definition.steps[0]!.columns[0]!.rows[2]!.blocks[0]!.properties).toEqual({ label: '' })
  expect(screen.getByTestId('save-state')).toHaveTextContent('Unsaved changes')
  // Unsaved work: leaving through an in-app link asks first.
  const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false)
  fireEvent.click(screen.getByRole('link', { name: 'Back to forms' }))
  expect(confirm).toHaveBeenCalledWith('Leave the editor? Your unsaved changes to this form will be lost.')
  confirm.mockRestore()

  saveAnswer = () => ({
    status: 400,
    body: {
      error: 'invalid',
      message: 'Please correct the highlighted fields.',
      fieldErrors: { '/steps/0/columns/0/rows/2/blocks/0/properties/label': ['A button needs a label.'] },
    },
  })
  fireEvent.click(screen.getByTestId('save-form'))
  expect(await screen.findByText('A button needs a label.')).toBeInTheDocument()
  expect(screen.getByLabelText('Button text')).toHaveAttribute('aria-invalid', 'true')
  expect(screen.getByText('1 problem stops this form from being saved')).toBeInTheDocument()
  expect(screen.getByTestId('save-state')).toHaveTextContent('Unsaved changes')

  saveAnswer = () => ({ body: form() })
  fireEvent.change(screen.getByLabelText('Button text'), { target: { value: 'Unlock 10 %' } })
  fireEvent.click(screen.getByTestId('save-form'))
  await waitFor(() => expect(screen.getByTestId('save-state')).toHaveTextContent(/Saved at/))
  expect(screen.queryByText('A button needs a label.')).toBeNull()
  const saved = calls.filter((c) => c.method === 'PUT').at(-1)!.body as { definition: typeof DEFINITION }
  expect(saved.definition.steps[0]!.columns[0]!.rows[2]!.blocks[0]).toEqual({
    type: 'button',
    properties: { label: 'Unlock 10 %' },
    action: { type: 'next_step', submit: true, properties: { list_id: 'Ls1' } },
  })
  // The definition travels with the vendor's own keys (no camelCase).
  expect(JSON.stringify(saved)).toContain('"list_id":"Ls1"')

  fireEvent.click(screen.getByTestId('publish-form'))
  await waitFor(() => expect(calls.some((c) => c.method === 'PUBLISH')).toBe(true))
  expect(calls.find((c) => c.method === 'PUBLISH')!.body).toEqual({ versionId: 7 })
  expect(await screen.findByTestId('unpublish-form')).toBeInTheDocument()
  expect(screen.getAllByTestId('form-status')[0]).toHaveTextContent('Live')
  expect(screen.getByTestId('version-select')).toHaveDisplayValue('Version A · Live')
  // A variation: a draft copy of this version, opened in the editor.
  fireEvent.click(screen.getByTestId('add-variation'))
  await waitFor(() => expect(push).toHaveBeenCalledWith('/forms/Fm1/variations/8/edit'))
  expect(calls.find((c) => c.method === 'VARIATION')!.body).toEqual({ fromVersionId: 7 })
  expect(missing).toEqual([])
})

test('steps: add, rename, reorder and delete; blocks added from the palette; phone preview', async () => {
  renderEditor()
  await screen.findByTestId('form-preview-desktop')
  fireEvent.click(screen.getByTestId('add-step'))
  expect(stepButton(3, 'Step 3')).toHaveAttribute('aria-current', 'step')
  fireEvent.change(screen.getByTestId('add-block'), { target: { value: 'phone' } })
  expect(screen.getByTestId('block-editor')).toHaveTextContent('Phone number')

  fireEvent.click(screen.getByRole('button', { name: 'Rename Step 3' }))
  const input = screen.getByLabelText('Step name')
  fireEvent.change(input, { target: { value: 'SMS' } })
  fireEvent.blur(input)
  fireEvent.click(screen.getByRole('button', { name: 'Move SMS up' }))
  expect(stepButton(2, 'SMS')).toHaveAttribute('aria-current', 'step')
  expect(stepButton(3, 'Success')).toBeInTheDocument()
  fireEvent.click(screen.getByRole('button', { name: 'Delete SMS' }))
  expect(screen.queryByRole('button', { name: /^2\s*SMS$/ })).toBeNull()
  expect(stepButton(2, 'Success')).toBeInTheDocument()

  fireEvent.click(screen.getByTestId('device-mobile'))
  const phone = await screen.findByTestId('form-preview-mobile')
  expect(phone.getAttribute('src')).toBe('/onsite/preview?company_id=PK1234&device=mobile')
  act(() => {
    fireEvent.click(screen.getByTestId('tab-targeting'))
  })
  expect(screen.getByLabelText('After a delay')).toBeChecked()

  // The form's name: click, type, Enter.
  fireEvent.click(screen.getByTestId('form-name-title'))
  fireEvent.change(screen.getByLabelText('Form name'), { target: { value: 'Holiday popup' } })
  fireEvent.keyDown(screen.getByLabelText('Form name'), { key: 'Enter' })
  expect(await screen.findByTestId('form-name-title')).toHaveTextContent('Holiday popup')
  expect(calls.find((c) => c.method === 'RENAME')!.body).toEqual({ name: 'Holiday popup' })
  // With unsaved changes, another version cannot be opened or added until they are saved.
  expect(screen.getByTestId('add-variation')).toBeDisabled()
})
