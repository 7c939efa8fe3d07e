// The settings screen skeleton (components/settings/settings-form-screen.tsx) with a one-field
// form: the load error with its retry, then the form; a 404 without a retry; a save that is pending (button disabled),
// then the success toast; a 400's field error under its field; any other failure under the form
// or as a toast. Only fetch is a stand-in.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { FormEvent } from 'react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import messages from '@/messages/en-US.json'
import { http } from '@/lib/client/http'
import { ToastProvider } from '@/components/shell/toasts'
import { SettingsForm, SettingsLoader, useSettingsSave } from '@/components/settings/settings-form-screen'

type Answer = { status: number; body: unknown }
let gets: Answer[] = []
let post: () => Promise<Answer>
beforeEach(() => {
  gets = []
  post = async () => ({ status: 200, body: { name: 'saved' } })
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase()
    const res = method === 'GET' ? (gets.shift() ?? { status: 200, body: { name: 'Shop' } }) : await post()
    return {
      ok: res.status < 300,
      status: res.status,
      type: 'basic',
      redirected: false,
      url: String(input),
      headers: new Headers(),
      text: async () => JSON.stringify(res.body),
    }
  }) as unknown as typeof fetch
})

function ProbeForm({ name, otherFailure }: { name: string; otherFailure: 'form' | 'toast' }) {
  const { busy, errors, save } = useSettingsSave({ saved: 'Saved it', failed: 'Could not save' }, otherFailure)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void save(() => http.post('/ajax/probe', { name }))
  }
  return (
    <form onSubmit={submit}>
      <p>Name is {name}</p>
      {errors.name && <p data-testid="name-error">{errors.name}</p>}
      {errors._form && <p data-testid="form-error">{errors._form}</p>}
      <button type="submit" disabled={busy}>
        Save
      </button>
    </form>
  )
}

const renderProbe = (otherFailure: 'form' | 'toast' = 'form') =>
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} onError={() => {}} timeZone="UTC">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ToastProvider>
          <SettingsLoader<{ name: string }>
            url="/ajax/probe"
            title="Probe settings"
            loadError="Could not load the probe"
          >
            {(data) => <ProbeForm name={data.name} otherFailure={otherFailure} />}
          </SettingsLoader>
        </ToastProvider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )

test('a load error offers a retry, which shows the form', async () => {
  gets = [{ status: 500, body: { error: 'internal', message: 'boom' } }]
  renderProbe()
  expect(await screen.findByText('Could not load the probe')).toBeInTheDocument()
  expect(screen.getByRole('heading', { name: 'Probe settings' })).toBeInTheDocument()
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
  expect(await screen.findByText('Name is Shop')).toBeInTheDocument()
})

test("a 404 shows the screen's not-found text without a retry, when the screen names one", async () => {
  gets = [{ status: 404, body: { error: 'not_found', message: 'Not found' } }]
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} onError={() => {}} timeZone="UTC">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <SettingsLoader<{ name: string }>
          url="/ajax/probe/gone"
          title="Probe"
          loadError="Could not load the probe"
          notFound="This probe was deleted"
        >
          {(data) => <p>Name is {data.name}</p>}
        </SettingsLoader>
      </SWRConfig>
    </NextIntlClientProvider>,
  )
  expect(await screen.findByText('This probe was deleted')).toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
  expect(screen.queryByText('Could not load the probe')).toBeNull()
})

test('a save is pending with the button disabled, then toasts its success', async () => {
  let finish!: (a: Answer) => void
  post = () => new Promise((resolve) => (finish = resolve))
  renderProbe()
  fireEvent.click(await screen.findByRole('button', { name: 'Save' }))
  await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled())
  finish({ status: 200, body: { name: 'Shop' } })
  expect(await screen.findByText('Saved it')).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled()
})

test("a 400's field errors go under their fields; another failure under the form, or as a toast", async () => {
  post = async () => ({
    status: 400,
    body: {
      error: 'invalid',
      message: 'Please correct the highlighted fields.',
      fieldErrors: { name: ['The name is required.'] },
    },
  })
  const { unmount } = renderProbe()
  fireEvent.click(await screen.findByRole('button', { name: 'Save' }))
  expect(await screen.findByTestId('name-error')).toHaveTextContent('The name is required.')
  expect(screen.queryByTestId('form-error')).toBeNull()

  post = async () => ({ status: 500, body: {} })
  fireEvent.click(screen.getByRole('button', { name: 'Save' }))
  expect(await screen.findByTestId('form-error')).toHaveTextContent('Could not save')
  expect(screen.queryByTestId('name-error')).toBeNull()
  unmount()

  renderProbe('toast')
  fireEvent.click(await screen.findByRole('button', { name: 'Save' }))
  expect(await screen.findByText('Could not save')).toBeInTheDocument()
  expect(screen.queryByTestId('form-error')).toBeNull()
})

test('SettingsForm: the save button and the form failure for an editor; a disabled form without a save for a reader', async () => {
  const onSubmit = jest.fn((e: FormEvent) => e.preventDefault())
  const form = (canEdit: boolean) => (
    <NextIntlClientProvider locale="en-US" messages={messages} onError={() => {}} timeZone="UTC">
      <SettingsForm
        onSubmit={onSubmit}
        canEdit={canEdit}
        busy={false}
        formError={canEdit ? 'Could not save' : undefined}
        saveLabel="Save"
        saveTestId="save-probe"
        testId="probe-form"
      >
        <input aria-label="Name" defaultValue="Shop" />
      </SettingsForm>
    </NextIntlClientProvider>
  )
  const { rerender } = render(form(true))
  expect(screen.getByRole('alert')).toHaveTextContent('Could not save')
  expect(screen.getByLabelText('Name')).toBeEnabled()
  fireEvent.click(screen.getByTestId('save-probe'))
  expect(onSubmit).toHaveBeenCalledTimes(1)
  rerender(form(false))
  expect(screen.getByLabelText('Name')).toBeDisabled()
  expect(screen.queryByTestId('save-probe')).toBeNull()
  expect(screen.getByTestId('probe-form')).toBeInTheDocument()
})
