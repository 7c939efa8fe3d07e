/** @jest-environment node */
// Segment counting (GSM-7 with its extension table, UCS-2 with surrogate pairs) and keyword
// matching, as tables.
import { countSegments } from '@/lib/messaging/sms/segments'
import { matchKeyword } from '@/lib/messaging/sms/keywords'

describe('countSegments', () => {
  test.each([
    ['empty', '', 'GSM-7', 0, 0],
    ['one char', 'a', 'GSM-7', 1, 1],
    ['160 GSM-7 fits one', 'a'.repeat(160), 'GSM-7', 160, 1],
    ['161 GSM-7 needs two', 'a'.repeat(161), 'GSM-7', 161, 2],
    ['306 GSM-7 is two', 'a'.repeat(306), 'GSM-7', 306, 2],
    ['307 GSM-7 is three', 'a'.repeat(307), 'GSM-7', 307, 3],
    ['extension chars cost two septets', '{}[]~\\|^€', 'GSM-7', 18, 1],
    ['80 euros = 160 septets, one segment', '€'.repeat(80), 'GSM-7', 160, 1],
    ['81 euros = 162 septets, two', '€'.repeat(81), 'GSM-7', 162, 2],
    // 152 plain + one € would straddle the 153 boundary: the escape pair moves to segment 2.
    ['escape pair never split', 'a'.repeat(152) + '€' + 'a'.repeat(10), 'GSM-7', 164, 2],
    ['GSM accents stay GSM-7', 'Café à Zürich, Ñandù ¿sì? £5 ¥ § Ø Å Æ ß É Δ Ω', 'GSM-7', 46, 1],
    ['newline and CR are GSM-7', 'a\nb\rc', 'GSM-7', 5, 1],
    ['one non-GSM char switches to UCS-2', 'Grüße ç', 'UCS-2', 7, 1],
    ['70 UCS-2 fits one', 'ç'.repeat(70), 'UCS-2', 70, 1],
    ['71 UCS-2 needs two', 'ç'.repeat(71), 'UCS-2', 71, 2],
    ['134 UCS-2 is two', 'ç'.repeat(134), 'UCS-2', 134, 2],
    ['135 UCS-2 is three', 'ç'.repeat(135), 'UCS-2', 135, 3],
    ['emoji is two UTF-16 units', '😀'.repeat(35), 'UCS-2', 70, 1],
    ['surrogate pair never split', 'ç'.repeat(66) + '😀' + 'ç', 'UCS-2', 69, 1],
    ['surrogate pair at a boundary moves', 'ç'.repeat(66) + '😀' + 'ç'.repeat(5), 'UCS-2', 73, 2],
    ['curly quotes are not GSM-7', 'It’s here', 'UCS-2', 9, 1],
    ['acute ú and í are not GSM-7 (only ù, ì)', 'Ñandú', 'UCS-2', 5, 1],
  ])('%s', (_name, body, encoding, units, segments) => {
    const r = countSegments(body)
    expect(r).toMatchObject({ encoding, units, segments })
  })

  test('names the characters that forced UCS-2', () => {
    expect(countSegments('Hi “you” 😀 ç').nonGsmCharacters).toEqual(['“', '”', '😀', 'ç'])
    expect(countSegments('😀').characters).toBe(1)
  })
})

describe('matchKeyword', () => {
  const extra = { stop: ['STOPALL'], start: ['YES'], help: ['INFO'] }
  test.each([
    ['STOP', 'stop'],
    ['stop', 'stop'],
    ['  Stop.  ', 'stop'],
    ['UNSUBSCRIBE', 'stop'],
    ['cancel', 'stop'],
    ['End', 'stop'],
    ['QUIT!', 'stop'],
    ['START', 'start'],
    ['unstop', 'start'],
    ['HELP', 'help'],
    ['help?', 'help'],
    ['stopall', 'stop'],
    ['yes', 'start'],
    ['Info', 'help'],
    ['please stop', null],
    ['STOP IT', null],
    ['', null],
    ['   ', null],
    ['hello', null],
    ['STOPP', null],
  ])('%j → %s', (body, action) => {
    expect(matchKeyword(body, extra)).toBe(action)
  })
  test('extra words only count for the company that set them', () => {
    expect(matchKeyword('YES')).toBeNull()
  })
})
