// CSV import in the browser: the column-mapping guesser, the client-side parse, the 5 MB limit
// and the mapping step's checks.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import type { ReactNode } from 'react'
import messages from '@/messages/en-US.json'
import { guessMapping, guessTarget, mappingProblems } from '@/components/lists/import/guess-mapping'
import { MAX_CSV_BYTES, parseCsv } from '@/components/lists/import/parse-csv'
import { ChooseFileStep } from '@/components/lists/import/choose-file-step'
import { MappingStep } from '@/components/lists/import/mapping-step'
import { splitEmails } from '@/components/lists/add-members-modal'

const wrap = (ui: ReactNode) =>
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} onError={() => {}}>
      {ui}
    </NextIntlClientProvider>,
  )

describe('guessing the mapping from header names', () => {
  it.each([
    ['Email', 'email'],
    ['E-mail Address', 'email'],
    ['EMAIL_ADDRESS', 'email'],
    ['Phone', 'phone_number'],
    ['Mobile Number', 'phone_number'],
    ['phone_number', 'phone_number'],
    ['Customer ID', 'external_id'],
    ['external_id', 'external_id'],
    ['First Name', 'first_name'],
    ['given name', 'first_name'],
    ['Surname', 'last_name'],
    ['last_name', 'last_name'],
    ['Company', 'organization'],
    ['Organisation', 'organization'],
    ['Job Title', 'title'],
    ['Town', 'city'],
    ['State/Province', 'region'],
    ['Country Code', 'country'],
    ['Postal Code', 'zip'],
    ['ZIP', 'zip'],
    ['Favourite Colour', 'properties.Favourite Colour'],
    ['  Shoe size ', 'properties.Shoe size'],
    ['', 'skip'],
    ['---', 'skip'],
  ])('%s → %s', (header, target) => {
    expect(guessTarget(header)).toBe(target)
  })

  it('gives a standard field to its first column only', () => {
    expect(guessMapping(['Email', 'E-mail', 'Phone', 'Notes'])).toEqual({
      Email: 'email',
      'E-mail': 'properties.E-mail',
      Phone: 'phone_number',
      Notes: 'properties.Notes',
    })
  })

  it('lists what stops a mapping', () => {
    expect(mappingProblems({ Name: 'first_name' })).toEqual([{ kind: 'no_identifier' }])
    expect(mappingProblems({ a: 'email', b: 'email', c: 'properties.', d: 'skip' })).toEqual([
      { kind: 'custom_name', column: 'c' },
      { kind: 'duplicate', target: 'email', columns: ['a', 'b'] },
    ])
    expect(mappingProblems({ Phone: 'phone_number', Tier: 'properties.Tier', x: 'skip' })).toEqual([])
  })
})

describe('reading the CSV in the browser', () => {
  it('takes the header, a few sample rows and the row count', () => {
    const text =
      '\ufeffemail,first_name,"Notes, long"\r\na@x.io,Ada,"likes ""tea"""\r\n\r\nb@x.io,Bob,\r\nc@x.io,Cy,x\r\nd@x.io,Di,y\r\ne@x.io,Ed,z\r\nf@x.io,Fi,w\r\n'
    const r = parseCsv(text)
    expect('csv' in r && r.csv).toEqual({
      headers: ['email', 'first_name', 'Notes, long'],
      sample: [
        ['a@x.io', 'Ada', 'likes "tea"'],
        ['b@x.io', 'Bob', ''],
        ['c@x.io', 'Cy', 'x'],
        ['d@x.io', 'Di', 'y'],
        ['e@x.io', 'Ed', 'z'],
      ],
      rowCount: 6,
      rows: [
        ['a@x.io', 'Ada', 'likes "tea"'],
        ['b@x.io', 'Bob', ''],
        ['c@x.io', 'Cy', 'x'],
        ['d@x.io', 'Di', 'y'],
        ['e@x.io', 'Ed', 'z'],
        ['f@x.io', 'Fi', 'w'],
      ],
    })
  })

  it('refuses empty files and duplicate column names', () => {
    expect(parseCsv('')).toEqual({ problem: { kind: 'empty' } })
    expect(parseCsv(',,\n1,2,3')).toEqual({ problem: { kind: 'empty' } })
    expect(parseCsv('email,Email,email\n1,2,3')).toEqual({ problem: { kind: 'duplicate_header', header: 'email' } })
    const wide = Array.from({ length: 1001 }, (_, i) => `c${i}`).join(',')
    expect(parseCsv(`${wide}\n`)).toEqual({ problem: { kind: 'too_many_columns', max: 1000 } })
    expect('csv' in parseCsv(`${wide.split(',').slice(0, 1000).join(',')}\n`)).toBe(true)
  })

  it('splits pasted email addresses and names the bad ones', () => {
    expect(splitEmails('a@x.io, b@x.io\nnot-an-email;a@x.io')).toEqual({
      emails: ['a@x.io', 'b@x.io'],
      invalid: ['not-an-email'],
    })
  })
})

describe('the file step', () => {
  it('refuses a file over 5 MB with the component library’s text', async () => {
    const onParsed = jest.fn()
    wrap(<ChooseFileStep onParsed={onParsed} />)
    const big = new File(['x'], 'big.csv', { type: 'text/csv' })
    Object.defineProperty(big, 'size', { value: MAX_CSV_BYTES + 1 })
    fireEvent.change(screen.getByTestId('csv-file-input'), { target: { files: [big] } })
    expect(await screen.findByRole('alert')).toHaveTextContent('File is larger than 5 MB')
    expect(onParsed).not.toHaveBeenCalled()
  })

  it('reads a chosen file and hands on the parsed rows', async () => {
    const onParsed = jest.fn()
    wrap(<ChooseFileStep onParsed={onParsed} />)
    const file = new File(['Email,Name\nada@example.com,Ada\n'], 'people.csv', { type: 'text/csv' })
    // jsdom's File has no text(): give it one.
    Object.defineProperty(file, 'text', { value: async () => 'Email,Name\nada@example.com,Ada\n' })
    fireEvent.change(screen.getByTestId('csv-file-input'), { target: { files: [file] } })
    await waitFor(() => expect(onParsed).toHaveBeenCalled())
    expect(onParsed.mock.calls[0]![1]).toEqual({
      headers: ['Email', 'Name'],
      sample: [['ada@example.com', 'Ada']],
      rowCount: 1,
      rows: [['ada@example.com', 'Ada']],
    })
    expect(onParsed.mock.calls[0]![2]).toBe('people.csv')
  })

  it('refuses a header of more than 1,000 columns with the translated text', async () => {
    const onParsed = jest.fn()
    wrap(<ChooseFileStep onParsed={onParsed} />)
    const wide = Array.from({ length: 60_000 }, (_, i) => `c${i}`).join(',')
    fireEvent.change(screen.getByTestId('csv-paste'), { target: { value: `${wide}\n` } })
    fireEvent.click(screen.getByTestId('csv-paste-continue'))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This file has more than 1,000 columns. At most 1,000 columns can be imported.',
    )
    expect(onParsed).not.toHaveBeenCalled()
  })

  it('accepts pasted rows', () => {
    const onParsed = jest.fn()
    wrap(<ChooseFileStep onParsed={onParsed} />)
    fireEvent.change(screen.getByTestId('csv-paste'), { target: { value: 'phone\n+14155550100\n' } })
    fireEvent.click(screen.getByTestId('csv-paste-continue'))
    expect(onParsed).toHaveBeenCalledWith(
      'phone\n+14155550100\n',
      { headers: ['phone'], sample: [['+14155550100']], rowCount: 1, rows: [['+14155550100']] },
      null,
    )
  })
})

describe('the mapping step', () => {
  const csv = {
    headers: ['E-mail', 'First Name', 'Loyalty Tier'],
    sample: [['ada@example.com', 'Ada', 'Gold']],
    rowCount: 1,
  }

  it('shows the guessed mapping and submits it', () => {
    const onSubmit = jest.fn()
    wrap(
      <MappingStep
        csv={csv}
        fileName="people.csv"
        submitting={false}
        submitError={null}
        onBack={() => {}}
        onSubmit={onSubmit}
      />,
    )
    expect(screen.getByTestId('mapping-select-0')).toHaveValue('email')
    expect(screen.getByTestId('mapping-select-1')).toHaveValue('first_name')
    expect(screen.getByTestId('mapping-select-2')).toHaveValue('__custom__')
    expect(screen.getByTestId('mapping-custom-2')).toHaveValue('Loyalty Tier')
    expect(within(screen.getByTestId('csv-preview')).getByText('Gold')).toBeInTheDocument()
    fireEvent.change(screen.getByTestId('mapping-custom-2'), { target: { value: 'Tier' } })
    // The consent of the imported people must be answered first.
    expect(screen.getByTestId('import-submit')).toBeDisabled()
    fireEvent.click(screen.getByLabelText(/^No: import them without subscribing them/))
    fireEvent.click(screen.getByTestId('import-submit'))
    expect(onSubmit).toHaveBeenCalledWith(
      { 'E-mail': 'email', 'First Name': 'first_name', 'Loyalty Tier': 'properties.Tier' },
      { status: 'not_subscribed' },
    )
  })

  it('will not submit without an identifier column', () => {
    const onSubmit = jest.fn()
    wrap(
      <MappingStep
        csv={csv}
        fileName={null}
        submitting={false}
        submitError={null}
        onBack={() => {}}
        onSubmit={onSubmit}
      />,
    )
    fireEvent.change(screen.getByTestId('mapping-select-0'), { target: { value: 'skip' } })
    expect(screen.getByTestId('mapping-problems')).toHaveTextContent(
      'Map one column to Email, Phone number or External ID',
    )
    expect(screen.getByTestId('import-submit')).toBeDisabled()
  })
})

describe('the mapping step flags rows and asks for consent (issue 12 §4)', () => {
  const csv = {
    headers: ['Email', 'Phone', 'Name'],
    sample: [
      ['ada@example.com', '+33 1 23 45 67 89', 'Ada'],
      ['bob@example.com', '12 34', 'Bob'],
      ['not-an-email', '', 'Cy'],
    ],
    rows: [
      ['ada@example.com', '+33 1 23 45 67 89', 'Ada'],
      ['bob@example.com', '12 34', 'Bob'],
      ['not-an-email', '', 'Cy'],
      ['dee@example.com', '01 23 45 67 89', 'Dee'],
    ],
    rowCount: 4,
  }

  it('flags the rows that will import without a field and the rows that will be refused, before importing', () => {
    wrap(
      <MappingStep
        csv={csv}
        fileName="people.csv"
        submitting={false}
        submitError={null}
        phoneRegion="FR"
        onBack={() => {}}
        onSubmit={() => {}}
      />,
    )
    const flagged = screen.getByTestId('import-flagged')
    expect(screen.getByText('2 rows won’t import whole')).toBeInTheDocument()
    expect(flagged).toHaveTextContent('1 row will be imported without its unusable field.')
    expect(flagged).toHaveTextContent('1 row will be refused')
    expect(flagged).toHaveTextContent(
      'Row 2: “12 34” is not a valid phone number. The rest of the row will be imported.',
    )
    expect(flagged).toHaveTextContent('Row 3: “not-an-email” is not a valid email address. Will be refused.')
    // A national number read in the company's country is fine (row 4), and so is a spaced international one (row 1).
    expect(flagged).not.toHaveTextContent('Row 4')
    expect(flagged).not.toHaveTextContent('Row 1:')
    const preview = within(screen.getByTestId('csv-preview')).getAllByRole('row').slice(1)
    expect(preview.map((r) => r.getAttribute('data-flagged'))).toEqual([null, 'partial', 'refused'])
  })

  it('without a company country, a number without country code is flagged as needing one', () => {
    wrap(
      <MappingStep
        csv={csv}
        fileName="people.csv"
        submitting={false}
        submitError={null}
        onBack={() => {}}
        onSubmit={() => {}}
      />,
    )
    expect(screen.getByTestId('import-flagged')).toHaveTextContent('Row 4: “01 23 45 67 89” has no country code')
  })

  it('subscribed needs a source, and sends it with the SMS choice', () => {
    const onSubmit = jest.fn()
    wrap(
      <MappingStep
        csv={csv}
        fileName="people.csv"
        submitting={false}
        submitError={null}
        phoneRegion="FR"
        onBack={() => {}}
        onSubmit={onSubmit}
      />,
    )
    fireEvent.click(screen.getByLabelText('Yes: subscribe them to email marketing'))
    fireEvent.click(screen.getByTestId('import-submit'))
    expect(onSubmit).not.toHaveBeenCalled()
    expect(screen.getByText('Say where these people subscribed.')).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText('Where did they subscribe?'), { target: { value: ' Paris trade show ' } })
    fireEvent.click(screen.getByLabelText(/SMS marketing/))
    fireEvent.click(screen.getByTestId('import-submit'))
    expect(onSubmit).toHaveBeenCalledWith(
      { Email: 'email', Phone: 'phone_number', Name: 'properties.Name' },
      { status: 'subscribed', source: 'Paris trade show', sms: true },
    )
  })
})
