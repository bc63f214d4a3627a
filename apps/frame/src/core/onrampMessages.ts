// What the on-ramp views and the checkout's return page say, in one place.
export const onrampMessages = {
  /** The title of the amount error; the message after it says what is wrong. */
  incorrectAmount: 'Incorrect amount',
  enterValidAmount: 'Please enter a valid amount',
  outOfLimits: (min: string, max: string, currency: string) =>
    `Enter an amount between ${min} and ${max} ${currency}`,
  nothingToBuy: (network: string) => `Nothing can be bought on ${network} through the on-ramp.`,
  mockQuote: 'The provider did not answer: this is an estimate; the checkout shows the final price.',
  defaultOptions: 'The provider did not answer: showing the default currencies and limits.',
  quoteFailed: 'Could not get a quote. Try another amount.',
  optionsFailed: 'The on-ramp is unavailable right now. Please try again later.',
  checkoutFailed: 'Could not open the checkout. Please try again.',
  popupBlocked: 'The browser blocked the checkout window.',
  popupClosed: 'The checkout window was closed before paying.',
  waiting: 'Complete the purchase in the checkout window.',
  purchaseComplete: 'Purchase complete',
  purchaseFailed: 'The purchase failed. Nothing was charged.',
  /** The `type` of the message the return page posts to the frame. */
  returnMessageType: 'walletframe:onramp-return',
} as const
