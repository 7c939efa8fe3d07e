// A metric's webhook topic, as the vendor names topics: "Sent SMS" → "event:klaviyo.sent_sms".
// (Its own module: message-events.ts imports the enqueue step, which needs only this.)
export const topicOfMetric = (metricName: string): string =>
  'event:klaviyo.' +
  metricName
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
