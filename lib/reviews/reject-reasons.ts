// The vendor's rejection reasons (RejectReason* in the API reference), shared by the API and the screens.
export const REJECT_REASONS = ['other', 'fake', 'misleading', 'private_information', 'profanity', 'unrelated'] as const
