// The block editor's image, product and text blocks (issue 30 §4) against a fake of the
// /ajax/email-templates and /ajax/catalog-new answers: an upload goes to the image endpoint and
// sets the block's src (our images root-relative, a refused file shows the server's reason); the
// library picker sets the src; the catalog picker searches, fills this product block and adds one
// per further item; the rich-text toolbar makes bold text, a link and an inserted variable, and
// what it reports has been through the email sanitizer.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import { TemplateEditorScreen } from '@/components/templates/editor/template-editor-screen'
import { ToastProvider } from '@/components/shell/toasts'

jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => '/templates',
}))

type Handler = (body: unknown, url: URL) => { status?: number; body: unknown }
let routes: Record<string, Handler>
const calls: Array<{ method: string; url: URL; body: unknown }> = []

const definition = {
  version: 1,
  styles: {
    backgroundColor: '#f4f4f4',
    contentBackgroundColor: '#ffffff',
    textColor: '#222222',
    linkColor: '#1a73e8',
    fontFamily: 'Arial',
    contentWidth: 600,
  },
  body: [
    { type: 'text', html: '<p>Hello shoppers, big sale today</p>' },
    { type: 'image', src: '/email/placeholder.svg', alt: '', width: 600 },
    {
      type: 'product',
      imageUrl: '/email/placeholder.svg',
      title: 'Product name',
      price: '$49.00',
      href: 'https://example.com',
      buttonText: 'Buy now',
    },
  ],
}
const detail = {
  id: 'T1',
  name: 'Sale',
  editorType: 'SYSTEM_DRAGGABLE',
  isTransactional: false,
  created: '2026-11-01T10:00:00.000Z',
  updated: '2026-11-02T10:00:00.000Z',
  html: '',
  text: null,
  definition,
  compiledHtml: '',
  compiledText: '',
  amp: null,
  usesEvent: false,
  warnings: [],
}
const saves: Array<{ definition: typeof definition }> = []

beforeEach(() => {
  calls.length = 0
  saves.length = 0
  routes = {
    'GET /ajax/email-templates/T1': () => ({ body: { template: detail } }),
    'POST /ajax/email-templates/T1/preview': () => ({
      body: {
        html: '<p>x</p>',
        text: 'x',
        subject: null,
        profile: { id: null, email: 'j@x.test', firstName: null, lastName: null, sample: true },
        event: null,
        usesEvent: false,
      },
    }),
    'PUT /ajax/email-templates/T1': (b) => {
      saves.push(b as { definition: typeof definition })
      return { body: { template: { ...detail, definition: (b as { definition: unknown }).definition } } }
    },
  }
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const method = (init?.method ?? 'GET').toUpperCase()
    const body = init?.body instanceof FormData ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined
    calls.push({ method, url, body })
    const handler = routes[`${method} ${url.pathname}`]
    const res = handler ? handler(body, url) : { status: 404, body: { error: 'not_found', message: 'Not found' } }
    const status = res.status ?? 200
    return {
      ok: status < 300,
      status,
      type: 'basic',
      redirected: false,
      url: url.href,
      headers: new Headers(),
      text: async () => JSON.stringify(res.body),
    }
  }) as unknown as typeof fetch
})

async function openEditor() {
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} onError={() => {}} timeZone="UTC">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider
          value={
            {
              authorization: {
                resources: ['templates_read', 'templates_write', 'catalog_read'],
                email: 'owner@demo.test',
              },
            } as unknown as StartupData
          }
        >
          <ToastProvider>
            <TemplateEditorScreen templateId="T1" />
          </ToastProvider>
        </ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )
  await screen.findByTestId('editor-title')
}

const selectBlock = (path: string, name: RegExp) =>
  fireEvent.click(within(screen.getByTestId(`block-${path}`)).getByRole('button', { name }))

async function save() {
  fireEvent.click(screen.getByTestId('save-template'))
  await waitFor(() => expect(saves).toHaveLength(1))
  return saves[0]!.definition.body as Array<Record<string, unknown>>
}

describe('the image block', () => {
  test('an upload posts the file to the image endpoint and sets the src; a refused file shows why', async () => {
    let answer: { status?: number; body: unknown } = {
      status: 201,
      body: {
        image: {
          id: 'IMG1',
          name: 'hero.png',
          url: 'http://localhost:3000/media/images/IMG1/hero.png',
          width: 10,
          height: 10,
        },
      },
    }
    routes['POST /ajax/email-templates/images'] = () => answer
    await openEditor()
    selectBlock('1', /^Image/)
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'hero.png', { type: 'image/png' })
    fireEvent.change(screen.getByTestId('image-upload-input'), { target: { files: [file] } })
    await waitFor(() => expect(screen.getByTestId('image-src')).toHaveValue('/media/images/IMG1/hero.png'))
    const upload = calls.find((c) => c.method === 'POST' && c.url.pathname === '/ajax/email-templates/images')!
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File)
    expect(((upload.body as FormData).get('file') as File).name).toBe('hero.png')
    fireEvent.change(screen.getByTestId('image-alt'), { target: { value: 'Our new collection' } })

    answer = {
      status: 400,
      body: {
        error: 'invalid',
        message: 'Invalid',
        fieldErrors: { file: ['The file is not a PNG, JPEG, GIF or WebP image.'] },
      },
    }
    fireEvent.change(screen.getByTestId('image-upload-input'), {
      target: { files: [new File(['nope'], 'notes.png', { type: 'image/png' })] },
    })
    expect(await screen.findByTestId('image-upload-error')).toHaveTextContent(
      'The file is not a PNG, JPEG, GIF or WebP image.',
    )
    expect(screen.getByTestId('image-src')).toHaveValue('/media/images/IMG1/hero.png')

    const body = await save()
    expect(body[1]).toMatchObject({ type: 'image', src: '/media/images/IMG1/hero.png', alt: 'Our new collection' })
  })

  test('the library picker lists the account images, searches them and sets the src', async () => {
    routes['GET /ajax/email-templates/images'] = (_b, url) => {
      const all = [
        {
          id: 'A1',
          name: 'banner.png',
          url: 'http://localhost:3000/media/images/A1/banner.png',
          width: 600,
          height: 200,
        },
        { id: 'A2', name: 'logo.png', url: 'http://localhost:3000/media/images/A2/logo.png', width: 100, height: 100 },
      ]
      const q = url.searchParams.get('search')
      return { body: { images: q ? all.filter((i) => i.name.includes(q)) : all, total: 2 } }
    }
    await openEditor()
    selectBlock('1', /^Image/)
    fireEvent.click(screen.getByTestId('image-library-toggle'))
    expect(await screen.findAllByTestId('library-image')).toHaveLength(2)
    fireEvent.change(screen.getByTestId('image-library-search'), { target: { value: 'logo' } })
    await waitFor(() => expect(screen.getAllByTestId('library-image')).toHaveLength(1))
    expect(
      calls.some(
        (c) => c.url.pathname === '/ajax/email-templates/images' && c.url.searchParams.get('search') === 'logo',
      ),
    ).toBe(true)
    // thumbnails load from the editor's own origin whatever APP_URL says
    expect(
      within(screen.getByRole('button', { name: 'Use logo.png' })).getByRole('presentation', { hidden: true }),
    ).toHaveAttribute('src', '/media/images/A2/logo.png')
    fireEvent.click(screen.getByRole('button', { name: 'Use logo.png' }))
    expect(screen.getByTestId('image-src')).toHaveValue('/media/images/A2/logo.png')
    expect(screen.queryByTestId('image-library')).not.toBeInTheDocument()
  })
})

describe('the product block', () => {
  test('the catalog picker searches, fills this block from the first item and adds a block per further item', async () => {
    const items = [
      {
        id: 'c1',
        external_id: 'MUG-1',
        title: 'Blue mug',
        price: 12.5,
        url: 'https://shop.test/p/mug',
        image_url: 'https://shop.test/i/mug-t.jpg',
        image_full_url: 'https://shop.test/i/mug.jpg',
      },
      {
        id: 'c2',
        external_id: 'MUG-2',
        title: 'Red mug',
        price: 14,
        url: 'https://shop.test/p/red',
        image_url: '/catalog-image/MUG-2',
        image_full_url: '/catalog-image/MUG-2',
      },
      {
        id: 'c3',
        external_id: 'HAT',
        title: 'Sun hat',
        price: 30,
        url: 'https://shop.test/p/hat',
        image_url: null,
        image_full_url: null,
      },
    ]
    routes['GET /ajax/catalog-new/items'] = (_b, url) => {
      const q = (url.searchParams.get('q') ?? '').toLowerCase()
      return {
        body: {
          success: true,
          nextCursor: null,
          prevCursor: null,
          reloadPage: false,
          items: items.filter((i) => i.title.toLowerCase().includes(q)),
        },
      }
    }
    await openEditor()
    selectBlock('2', /^Product/)
    fireEvent.click(screen.getByTestId('catalog-pick'))
    expect(await screen.findAllByTestId('catalog-item')).toHaveLength(3)
    fireEvent.change(screen.getByTestId('catalog-search'), { target: { value: 'mug' } })
    await waitFor(() => expect(screen.getAllByTestId('catalog-item')).toHaveLength(2))
    const search = calls.filter((c) => c.url.pathname === '/ajax/catalog-new/items').pop()!
    expect(search.url.searchParams.get('q')).toBe('mug')
    expect(search.url.searchParams.get('published')).toBe('true')
    expect(screen.getByTestId('catalog-use')).toBeDisabled()
    fireEvent.click(within(screen.getAllByTestId('catalog-item')[0]!).getByRole('checkbox'))
    fireEvent.click(within(screen.getAllByTestId('catalog-item')[1]!).getByRole('checkbox'))
    expect(screen.getByTestId('catalog-use')).toHaveTextContent('Add 2 products')
    fireEvent.click(screen.getByTestId('catalog-use'))

    expect(screen.getByTestId('product-title')).toHaveValue('Blue mug')
    expect(screen.getByTestId('product-price')).toHaveValue('')
    expect(screen.getByTestId('product-catalog-id')).toHaveTextContent('MUG-1')
    expect(screen.getByTestId('block-3')).toHaveTextContent('Red mug')

    const body = await save()
    expect(body[2]).toEqual({
      type: 'product',
      title: 'Blue mug',
      catalogItemId: 'MUG-1',
      amount: 12.5,
      imageUrl: 'https://shop.test/i/mug.jpg',
      href: 'https://shop.test/p/mug',
      buttonText: 'Buy now',
    })
    expect(body[3]).toEqual({
      type: 'product',
      title: 'Red mug',
      catalogItemId: 'MUG-2',
      amount: 14,
      imageUrl: '/catalog-image/MUG-2',
      href: 'https://shop.test/p/red',
      buttonText: 'Buy now',
    })
  })
})

describe('the text block', () => {
  function selectText(area: HTMLElement, word: string) {
    const walker = document.createTreeWalker(area, NodeFilter.SHOW_TEXT)
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const at = n.textContent!.indexOf(word)
      if (at < 0) continue
      const range = document.createRange()
      range.setStart(n, at)
      range.setEnd(n, at + word.length)
      const sel = document.getSelection()!
      sel.removeAllRanges()
      sel.addRange(range)
      return
    }
    throw new Error(`no "${word}" in the field`)
  }

  test('the toolbar makes bold text, a link and inserts a variable; unsafe content is sanitized', async () => {
    await openEditor()
    selectBlock('0', /^Text/)
    const area = screen.getByTestId('rich-text')
    expect(area).toHaveAttribute('contenteditable', 'true')
    expect(area.innerHTML).toBe('<p>Hello shoppers, big sale today</p>')

    selectText(area, 'big')
    fireEvent.click(screen.getByRole('button', { name: 'Bold' }))
    expect(area.innerHTML).toContain('<strong>big</strong>')

    selectText(area, 'sale')
    fireEvent.click(screen.getByTestId('rt-link'))
    fireEvent.change(screen.getByTestId('rt-link-href'), { target: { value: 'javascript:alert(1)' } })
    fireEvent.click(screen.getByTestId('rt-link-apply'))
    expect(screen.getByRole('alert')).toHaveTextContent('Use an http(s), mailto: or tel: link')
    expect(area.innerHTML).not.toContain('<a')
    fireEvent.change(screen.getByTestId('rt-link-href'), { target: { value: 'https://shop.test/sale' } })
    fireEvent.click(screen.getByTestId('rt-link-apply'))
    expect(area.innerHTML).toContain('<a href="https://shop.test/sale">sale</a>')

    selectText(area, 'shoppers')
    fireEvent.change(screen.getByTestId('rt-variable'), { target: { value: '{{ first_name }}' } })
    expect(area.textContent).toBe('Hello {{ first_name }}, big sale today')

    // pasted markup with a handler and a script link: the field keeps only what is safe
    area.innerHTML +=
      '<p><img src="https://shop.test/x.png" onerror="alert(1)"><a href="javascript:alert(2)">click</a></p>'
    fireEvent.input(area)
    expect(area.innerHTML).not.toMatch(/onerror|javascript:/)

    const body = await save()
    const html = body[0]!.html as string
    expect(html).toContain('<strong>big</strong>')
    expect(html).toContain('<a href="https://shop.test/sale">sale</a>')
    expect(html).toContain('Hello {{ first_name }},')
    expect(html).toContain('<img src="https://shop.test/x.png">')
    expect(html).not.toMatch(/onerror|javascript:/)
  })

  test('the HTML view edits the source, and the field shows it sanitized', async () => {
    await openEditor()
    selectBlock('0', /^Text/)
    fireEvent.click(screen.getByTestId('text-mode-html'))
    expect(screen.getByTestId('rich-text')).not.toBeVisible()
    fireEvent.change(screen.getByTestId('text-html'), { target: { value: '<h2 onclick="x()">Big <em>news</em></h2>' } })
    fireEvent.click(screen.getByTestId('text-mode-html'))
    expect(screen.getByTestId('rich-text').innerHTML).toBe('<h2>Big <em>news</em></h2>')
  })
})
