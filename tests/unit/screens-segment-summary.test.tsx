// The segment definition view (issue 12 §4): a multi-group segment reads "1. … AND 2. …", each
// top-level item numbered once, joins not counted as items, nested conditions not numbered again.
// The name fields drop "Enter a name." as soon as a name is typed.
import { fireEvent, render, screen, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import type { ReactNode } from 'react'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import type { SegmentDefinition } from '@/lib/segments/definition'
import { DefinitionSummary } from '@/components/segment-builder/definition-summary'
import { SegmentBuilderScreen } from '@/components/segment-builder/segment-builder-screen'
import { CreateListScreen } from '@/components/lists/create-list-screen'

jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), prefetch: jest.fn(), back: jest.fn() }),
}))

beforeEach(() => {
  // jsdom has no Response class: the few fields the http module reads; every option list is empty.
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => ({
    ok: true,
    status: 200,
    type: 'basic',
    redirected: false,
    url: String(input),
    headers: new Headers({ 'Content-Type': 'application/json' }),
    text: async () => JSON.stringify(String(input).includes('/lists/simple') ? [] : { metrics: [], properties: [] }),
  })) as unknown as typeof fetch
})

const wrap = (ui: ReactNode) =>
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} onError={() => {}} timeZone="UTC">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider
          value={
            { authorization: { resources: ['groups_read', 'groups_write', 'lists_write'] } } as unknown as StartupData
          }
        >
          {ui}
        </ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )

const text = (field: string, value: string) => ({
  kind: 'profile_property' as const,
  field: field as 'city',
  valueType: 'text' as const,
  operator: 'equals' as const,
  value,
})

describe('DefinitionSummary', () => {
  const definition: SegmentDefinition = {
    version: 1,
    root: {
      type: 'and',
      conditions: [
        { type: 'or', conditions: [text('city', 'Paris'), text('city', 'Lyon')] },
        { type: 'or', conditions: [text('first_name', 'Ann')] },
      ],
    },
  } as SegmentDefinition

  test('numbers each top-level group once, in order, with the join between them', () => {
    wrap(<DefinitionSummary definition={definition} />)
    const summary = screen.getByTestId('definition-summary')
    const items = within(summary)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === summary)
    expect(items).toHaveLength(2)
    expect(items[0]).toHaveTextContent(/^1\.\s*City equals Paris\s*OR City equals Lyon$/)
    expect(items[1]).toHaveTextContent(/^AND\s*2\.\s*First name equals Ann$/)
    expect(summary.querySelectorAll('ol ol')).toHaveLength(0)
    expect(summary.querySelectorAll('li[aria-hidden]')).toHaveLength(0)
    expect(summary.textContent).not.toMatch(/3\./)
  })
})

describe('"Enter a name." goes away once a name is typed', () => {
  test('segment builder', () => {
    wrap(<SegmentBuilderScreen />)
    fireEvent.click(screen.getByTestId('segment-save'))
    expect(screen.getByText('Enter a name.')).toBeInTheDocument()
    fireEvent.change(screen.getByTestId('segment-name'), { target: { value: 'VIPs' } })
    expect(screen.queryByText('Enter a name.')).not.toBeInTheDocument()
  })

  test('new list', () => {
    wrap(<CreateListScreen />)
    fireEvent.click(screen.getByRole('button', { name: /create list/i }))
    expect(screen.getByText('Enter a name.')).toBeInTheDocument()
    fireEvent.change(screen.getByRole('textbox', { name: /name/i }), { target: { value: 'Newsletter' } })
    expect(screen.queryByText('Enter a name.')).not.toBeInTheDocument()
  })
})
