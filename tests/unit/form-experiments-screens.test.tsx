// The A/B test screens: the empty state that says a second version is needed, the new-test form
// refusing shares that do not add up to 100 and sending the chosen versions, and one test's
// results with the winner, the confidence and the start action.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import type { ReactNode } from 'react'
import messages from '@/messages/en-US.json'

jest.mock('@/lib/client/http', () => ({ http: { get: jest.fn(), post: jest.fn() } }))
const push = jest.fn()
jest.mock('next/navigation', () => ({ useRouter: () => ({ push }) }))
/* eslint-disable @typescript-eslint/no-require-imports */
const { http } = require('@/lib/client/http') as { http: { get: jest.Mock; post: jest.Mock } }
const { FormExperimentsScreen } =
  require('@/components/forms/reports/form-experiments-screen') as typeof import('@/components/forms/reports/form-experiments-screen')
const { FormExperimentScreen } =
  require('@/components/forms/reports/form-experiment-screen') as typeof import('@/components/forms/reports/form-experiment-screen')
/* eslint-enable @typescript-eslint/no-require-imports */

const wrap = (ui: ReactNode) =>
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} timeZone="UTC" onError={() => {}}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{ui}</SWRConfig>
    </NextIntlClientProvider>,
  )
const FORM = { id: 'Abc123', name: 'Welcome popup' }

beforeEach(() => {
  http.get.mockReset()
  http.post.mockReset()
  push.mockReset()
})

test('one version only: the empty state explains a second version is needed, no New button', async () => {
  http.get.mockResolvedValue({
    data: { form: FORM, versions: [{ id: 1, name: 'Version A', status: 'live' }], experiments: [] },
  })
  wrap(<FormExperimentsScreen formId="Abc123" />)
  expect(await screen.findByText('No A/B tests yet')).toBeTruthy()
  expect(screen.getByText(/Add a second version in the editor/)).toBeTruthy()
  expect(screen.queryByRole('button', { name: 'New A/B test' })).toBeNull()
})

test('a new test: shares must add up to 100, then the chosen versions are sent', async () => {
  http.get.mockResolvedValue({
    data: {
      form: FORM,
      versions: [
        { id: 1, name: 'Version A', status: 'live' },
        { id: 2, name: 'Version B', status: 'draft' },
        { id: 3, name: 'Version C', status: 'draft' },
      ],
      experiments: [],
    },
  })
  http.post.mockResolvedValue({ data: { id: 9 } })
  wrap(<FormExperimentsScreen formId="Abc123" />)
  fireEvent.click(await screen.findByRole('button', { name: 'New A/B test' }))
  const form = screen.getByRole('form', { name: 'New A/B test' })
  fireEvent.change(within(form).getByLabelText('Test name'), { target: { value: 'Headline' } })
  fireEvent.change(within(form).getByLabelText('Share of visitors for Version B (%)'), { target: { value: '30' } })
  fireEvent.click(within(form).getByRole('button', { name: 'Create test' }))
  expect((await screen.findByRole('alert')).textContent).toContain('80 %')
  expect(http.post).not.toHaveBeenCalled()
  fireEvent.change(within(form).getByLabelText('Share of visitors for Version B (%)'), { target: { value: '50' } })
  fireEvent.click(within(form).getByRole('button', { name: 'Create test' }))
  await waitFor(() => expect(http.post).toHaveBeenCalled())
  expect(http.post.mock.calls[0]!.slice(0, 2)).toEqual([
    '/ajax/form-experiments',
    {
      formId: 'Abc123',
      name: 'Headline',
      winnerMode: 'automatic',
      variations: [
        { versionId: 1, weight: 50 },
        { versionId: 2, weight: 50 },
      ],
    },
  ])
  await waitFor(() => expect(push).toHaveBeenCalledWith('/forms/Abc123/reports/tests/9'))
})

const RESULTS = (status: string, winnerVersionId: number | null) => ({
  experiment: {
    id: 9,
    formId: 'Abc123',
    name: 'Headline',
    status,
    winnerMode: 'automatic',
    winnerVersionId,
    startedAt: '2026-01-01T00:00:00.000Z',
    endedAt: winnerVersionId ? '2026-01-08T00:00:00.000Z' : null,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  variations: [
    {
      versionId: 1,
      name: 'Version A',
      weight: 50,
      status: 'live',
      viewers: 200,
      views: 220,
      submitters: 20,
      submits: 20,
      submitRate: 0.1,
      confidence: 0.9999,
    },
    {
      versionId: 2,
      name: 'Version B',
      weight: 50,
      status: 'live',
      viewers: 200,
      views: 210,
      submitters: 80,
      submits: 80,
      submitRate: 0.4,
      confidence: null,
    },
  ],
  leaderVersionId: 2,
  significant: true,
  minViewers: 100,
  confidenceThreshold: 0.95,
})

test('a completed test shows the winner and each variation’s confidence', async () => {
  http.get.mockResolvedValue({ data: RESULTS('completed', 2) })
  wrap(<FormExperimentScreen formId="Abc123" experimentId="9" />)
  expect(await screen.findByText(/Version B won this test on Jan 8, 2026/)).toBeTruthy()
  const rows = screen.getAllByRole('row').slice(1)
  expect(within(rows[1]!).getByText('Winner')).toBeTruthy()
  expect(within(rows[0]!).getByText('100%')).toBeTruthy()
  expect(within(rows[1]!).getByText('40%')).toBeTruthy()
  expect(screen.queryByRole('button', { name: /End with/ })).toBeNull()
})

test('a draft test starts from its screen; a running one ends with the leader or the variation chosen', async () => {
  http.get.mockResolvedValueOnce({ data: { ...RESULTS('draft', null), leaderVersionId: null, significant: false } })
  http.get.mockResolvedValue({ data: RESULTS('running', null) })
  http.post.mockResolvedValue({ data: {} })
  wrap(<FormExperimentScreen formId="Abc123" experimentId="9" />)
  fireEvent.click(await screen.findByRole('button', { name: 'Start test' }))
  await waitFor(() => expect(http.post.mock.calls[0]![0]).toBe('/ajax/form-experiments/9/start'))
  // The leader is offered first; the merchant may pick another variation.
  expect(await screen.findByRole('button', { name: 'End with Version B as winner' })).toBeTruthy()
  expect(screen.getByText('Leading')).toBeTruthy()
  fireEvent.change(screen.getByLabelText('Winner'), { target: { value: '1' } })
  fireEvent.click(screen.getByRole('button', { name: 'End with Version A as winner' }))
  await waitFor(() =>
    expect(http.post.mock.calls[1]!.slice(0, 2)).toEqual(['/ajax/form-experiments/9/end', { winnerVersionId: 1 }]),
  )
})
