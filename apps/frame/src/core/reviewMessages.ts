// What the review before signing says (RequestReview, in ApproveTransaction and ReviewRequest), in one place.
export const reviewMessages = {
  checking: 'Checking what this does…',
  couldNotSimulate: 'Could not simulate:',
  unavailable: 'The review is unavailable: check the request yourself before you approve.',
  noChanges: 'No balance of yours changes.',
  fee: 'Network fee (estimate)',
  authorises: 'This signature authorises:',
  fails: 'This request would fail:',
  noRisks: 'No risks found.',
  warning: 'Read the warnings before you approve.',
  blocked: "This app's policy does not allow this request.",
  understand: 'I understand the risk',
  dismiss: 'Dismiss',
  proceed: 'Continue',
} as const

/** The heading of a verdict level. */
export const verdictHeading = {
  none: reviewMessages.noRisks,
  warning: reviewMessages.warning,
  blocked: reviewMessages.blocked,
} as const
