// Automatic review moderation (lib/reviews/moderation): each rule as a row of the table.
import { moderateReview, DEFAULT_MODERATION, type ModerationInput } from '@/lib/reviews/moderation'

const base: ModerationInput = {
  reviewType: 'review',
  rating: 5,
  title: 'Lovely',
  body: 'Sturdy and well made, would buy again.',
}
const strict = { ...DEFAULT_MODERATION, minRatingToPublish: 4 }

test.each<[string, Partial<ModerationInput>, typeof DEFAULT_MODERATION, string, string[]]>([
  ['a clean review', {}, DEFAULT_MODERATION, 'published', []],
  ['a clean one-star review with the default settings', { rating: 1 }, DEFAULT_MODERATION, 'published', []],
  ['below the minimum rating', { rating: 3 }, strict, 'pending', ['low_rating']],
  ['at the minimum rating', { rating: 4 }, strict, 'published', []],
  ['profanity in the body', { body: 'This is shit.' }, DEFAULT_MODERATION, 'pending', ['profanity']],
  ['profanity in the title, any case', { title: 'FUCKING great' }, DEFAULT_MODERATION, 'pending', ['profanity']],
  [
    'a word that only contains a listed one',
    { body: 'Shitake mushrooms and a dickens novel' },
    DEFAULT_MODERATION,
    'published',
    [],
  ],
  [
    'a merchant word list',
    { body: 'Meh, darn thing' },
    { ...DEFAULT_MODERATION, profanity: ['darn'] },
    'pending',
    ['profanity'],
  ],
  ['an http link', { body: 'See https://cheap.example/deal' }, DEFAULT_MODERATION, 'pending', ['links']],
  ['a bare domain', { body: 'Buy at replicas.xyz today' }, DEFAULT_MODERATION, 'pending', ['links']],
  ['www without scheme', { body: 'www.example.test' }, DEFAULT_MODERATION, 'pending', ['links']],
  ['a run of one character', { body: 'Great!!!!!!!!!!' }, DEFAULT_MODERATION, 'pending', ['repeated_text']],
  ['one word three times running', { body: 'good good good' }, DEFAULT_MODERATION, 'pending', ['repeated_text']],
  [
    'one word half of a long text',
    { body: 'buy this buy that buy now buy it buy me buy' },
    DEFAULT_MODERATION,
    'pending',
    ['repeated_text'],
  ],
  [
    'a question waits for its answer',
    { reviewType: 'question', rating: null, body: 'Is it dishwasher safe?' },
    DEFAULT_MODERATION,
    'pending',
    ['question'],
  ],
  [
    'several rules at once',
    { rating: 2, body: 'shit, see www.x.test' },
    strict,
    'pending',
    ['profanity', 'links', 'low_rating'],
  ],
])('%s', (_name, change, settings, status, flags) => {
  expect(moderateReview({ ...base, ...change }, settings)).toEqual({ status, flags })
})
