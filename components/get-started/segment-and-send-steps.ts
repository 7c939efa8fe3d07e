// The steps of the segment-and-send guide, in order. Its own module (not the 'use client'
// screen): the server page reads the list, and a client module's non-component exports reach
// a server component only as client references (`.includes` was not a function there: a 500).
export const SEGMENT_AND_SEND_STEPS = [
  'intro',
  'select-goal',
  'select-audience',
  'select-template',
  'template-gallery',
  'confirm',
  'waiting',
  'complete',
] as const
export type SegmentAndSendStep = (typeof SEGMENT_AND_SEND_STEPS)[number]
