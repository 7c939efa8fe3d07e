// The CSV upload's mapping step and screen: the file's first rows are previewed, the columns map
// to the event fields (profile, metric fixed or from a column, time and format, value, unique id,
// properties), the mapping is posted as chosen, and the server's field errors show beside their
// controls.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { useState, type ReactNode } from 'react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import {
  CsvMappingStep,
  emptyMapping,
  type EventMappingValue,
} from '@/components/integrations/directory/csv-mapping-step'

jest.mock('@/lib/client/http', () => ({ http: { get: jest.fn(), post: jest.fn() } }))
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { http } = require('@/lib/client/http') as { http: { get: jest.Mock; post: jest.Mock } }
const { CsvUploadScreen } =
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('@/components/integrations/directory/csv-upload-screen') as typeof import('@/components/integrations/directory/csv-upload-screen')

const ok = (data: unknown) => Promise.resolve({ data, status: 200, headers: new Headers() })

function wrap(ui: ReactNode, resources = ['integrations_read', 'integrations_write']) {
  const shell = { authorization: { resources } } as unknown as StartupData
  return render(
    <NextIntlClientProvider locale="en-US" messages={messages} timeZone="UTC" onError={() => {}}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider value={shell}>{ui}</ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )
}

function Harness({ errors, onValue }: { errors?: Record<string, string[]>; onValue: (v: EventMappingValue) => void }) {
  const [value, setValue] = useState(emptyMapping())
  return (
    <CsvMappingStep
      headers={['Order', 'Email', 'Placed', 'Total', 'Product']}
      value={value}
      errors={errors}
      onChange={(v) => {
        setValue(v)
        onValue(v)
      }}
    />
  )
}

beforeEach(() => {
  http.get.mockReset().mockImplementation(() => ok({ imports: [] }))
  http.post.mockReset()
})

test('columns map to the event fields; the metric can come from a column; unmapped columns can become properties', () => {
  let last: EventMappingValue = emptyMapping()
  wrap(<Harness onValue={(v) => (last = v)} />)
  fireEvent.change(screen.getByLabelText('Profile email'), { target: { value: 'Email' } })
  fireEvent.change(screen.getByLabelText('Time column'), { target: { value: 'Placed' } })
  fireEvent.change(screen.getByLabelText('Time format'), { target: { value: 'unix' } })
  fireEvent.change(screen.getByLabelText('Unique id column'), { target: { value: 'Order' } })
  fireEvent.change(screen.getByLabelText('Metric name'), { target: { value: 'Placed Order' } })
  // Mapped columns are no longer offered as properties.
  expect(screen.queryByLabelText('Email')).toBeNull()
  fireEvent.click(screen.getByLabelText('Product'))
  expect(last).toEqual({
    email: 'Email',
    timeColumn: 'Placed',
    timeFormat: 'unix',
    uniqueIdColumn: 'Order',
    metricName: 'Placed Order',
    properties: [{ column: 'Product', name: 'Product' }],
  })
  fireEvent.change(screen.getByLabelText('Metric'), { target: { value: 'column' } })
  fireEvent.change(screen.getByLabelText('Metric column'), { target: { value: 'Total' } })
  expect(last.metricColumn).toBe('Total')
  expect(last.metricName).toBeUndefined()
})

test('the server’s field errors are shown beside their controls', () => {
  wrap(
    <Harness
      onValue={() => {}}
      errors={{
        'mapping.email': ['Map a column to the profile’s email, phone number or external id.'],
        'mapping.metricName': ['Give the metric name or the column that holds it.'],
      }}
    />,
  )
  expect(screen.getByText('Map a column to the profile’s email, phone number or external id.')).toBeTruthy()
  expect(screen.getByText('Give the metric name or the column that holds it.')).toBeTruthy()
})

test('the screen previews the first rows and posts the file with the chosen mapping; a 400 shows its field errors', async () => {
  wrap(<CsvUploadScreen />)
  const csv = 'Order,Email,Placed,Total\nA-1,ann@example.com,2024-03-05,42\nA-2,bob@example.com,2024-03-06,10\n'
  const file = new File([csv], 'orders.csv', { type: 'text/csv' })
  Object.defineProperty(file, 'text', { value: () => Promise.resolve(csv) })
  fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } })
  const preview = await screen.findByRole('table', { name: /First rows \(2 rows in the file\)/ })
  expect(within(preview).getByText('ann@example.com')).toBeTruthy()
  fireEvent.change(screen.getByLabelText('Profile email'), { target: { value: 'Email' } })
  fireEvent.change(screen.getByLabelText('Metric name'), { target: { value: 'Placed Order' } })
  http.post.mockRejectedValueOnce(
    Object.assign(new Error('bad'), {
      status: 400,
      data: { fieldErrors: { 'mapping.timeColumn': ['The file has no column "When".'] } },
    }),
  )
  fireEvent.click(screen.getByTestId('start-import'))
  expect(await screen.findByText('The file has no column "When".')).toBeTruthy()
  expect(http.post).toHaveBeenCalledWith(
    '/ajax/integrations/csv-events',
    {
      fileName: 'orders.csv',
      csv,
      mapping: { email: 'Email', metricName: 'Placed Order', timeFormat: 'iso', properties: [] },
    },
    { transformKeys: false },
  )
  http.post.mockResolvedValueOnce({ data: { import: { id: 'x' } } })
  fireEvent.click(screen.getByTestId('start-import'))
  await waitFor(() => expect(screen.getByText('The import has started; its result appears below.')).toBeTruthy())
})
