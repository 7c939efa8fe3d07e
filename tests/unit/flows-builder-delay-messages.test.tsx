// The delay step's panel in every locale (issue 30 §5): the weekday boxes once showed raw keys
// ("flowBuilder.monday") because the panel asked for keys that do not exist. The panel is
// rendered in all 16 locales; any message next-intl cannot find, or any "flowBuilder." text
// on screen, fails the test.
import fs from 'node:fs'
import path from 'node:path'
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { FlowDefinition } from '@/lib/flows/definition'
import { baseRoutes, editData, installFetch, renderBuilder } from '../helpers/flow-builder-render'

configure({ asyncUtilTimeout: 8000 })
jest.setTimeout(120_000)
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), prefetch: jest.fn(), back: jest.fn() }),
  usePathname: () => '/flow/F1/edit',
}))

const dir = path.join(process.cwd(), 'messages')
const locales = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''))
  .sort()

const def: FlowDefinition = {
  triggers: [{ type: 'metric', id: 'MET1', trigger_filter: null }],
  entry_action_id: 'A1',
  actions: [
    {
      id: 'A1',
      type: 'time-delay',
      links: { next: null },
      data: { unit: 'days', value: 2, delay_until_time: '09:00', delay_until_weekdays: ['monday', 'friday'] },
    },
  ],
}

test('all 16 locales are checked', () => {
  expect(locales).toHaveLength(16)
})

test.each(locales)('the delay panel in %s shows no raw message key', async (locale) => {
  installFetch({ ...baseRoutes(), 'GET /ajax/flow/F1/edit': () => ({ body: editData(def) }) })
  const messages = JSON.parse(fs.readFileSync(path.join(dir, `${locale}.json`), 'utf8')) as Record<string, unknown>
  const { missing } = renderBuilder({ locale, messages })
  await waitFor(() => expect(screen.getAllByTestId('flow-node')).toHaveLength(1))
  fireEvent.click(screen.getAllByTestId('step-open')[1]!)
  const panel = await screen.findByTestId('action-panel')
  expect(panel).toHaveAttribute('data-action-type', 'time-delay')
  // The seven weekday boxes, two of them ticked, each with a translated name.
  const boxes = within(panel)
    .getAllByRole('checkbox')
    .filter((b) => b.closest('fieldset fieldset'))
  expect(boxes).toHaveLength(7)
  expect(boxes.filter((b) => (b as HTMLInputElement).checked)).toHaveLength(2)
  const days = (messages.flowBuilder as { weekdays: Record<string, string> }).weekdays
  expect(boxes.map((b) => b.closest('label')!.textContent!.trim())).toEqual(
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => days[d]),
  )
  expect(document.body.textContent).not.toMatch(/flowBuilder\./)
  expect(missing).toEqual([])
})
