// The English words of the frame origin's own pages (each in a window of its own): the recovery
// phrase, the passkey window, the social login popup, the device approval link, the approval
// window, the on-ramp return and the pages this build does not ship.

export const pages = {
  notOpenedByWallet: 'This window was not opened by the wallet: go back to the app and start there',
  preparing: 'Preparing…',
  export: {
    introPasskey:
      'Touch your passkey to open your wallet here. The phrase shows in this window only; anyone who sees it can take the wallet’s funds.',
    usePasskey: 'Use your passkey',
    title: 'Show recovery phrase',
    intro:
      'Enter your recovery password. The phrase shows in this window only; anyone who sees it can take the wallet’s funds.',
    password: 'Recovery password',
    checking: 'Checking…',
    show: 'Show recovery phrase',
    yourPhrase: 'Your recovery phrase',
    writeDown:
      "Write these 12 words down in order and keep them offline. Any BIP-39 wallet restores this wallet from them (EVM m/44'/60'/0'/0/0, Solana m/44'/501'/0'/0'). Close this window when you are done.",
    privateKeys: 'Private keys',
    close: 'Close',
  },
  passkey: { create: 'Create your passkey' },
  social: {
    opening: 'Opening the sign-in page…',
    noStorage: (reason: string) =>
      `This browser keeps no data for this window, so the login cannot finish (${reason})`,
  },
  /** The social login's last page, where the provider sends the window back. */
  callback: {
    signingIn: 'Signing in…',
    signedIn: 'Signed in',
    notCompleted: 'The login did not complete',
    closeWindow: 'You can close this window and return to the app.',
    unboundTitle: 'This sign-in was not started in this window',
    unbound:
      'This sign-in was not started in this window, so it was not completed. If someone sent you the link that brought you here, close this window. To sign in, go back to the app and start there.',
    nothingTitle: 'Nothing to do here',
    nothing: 'This page completes a login started in the wallet.',
  },
  verify: {
    noLink: 'This page approves a device for an email login; it was opened without an approval link.',
    title: 'Approve this device?',
    done: 'Approved. We sent you a code: enter it in the window where you logged in.',
    someone: 'Someone is logging in with your email address on a new device. Approve only if it was you.',
    approve: 'Approve device',
  },
  approval: {
    opensFromWallet: 'This window opens from the wallet when a request waits for your approval.',
    loading: 'Loading the request…',
  },
  onramp: {
    noPurchase: 'This page reports an on-ramp purchase back to the wallet; it was opened without one.',
    returning: 'Returning to the wallet…',
    closeWindow: 'You can close this window and return to the wallet.',
  },
  thisPage: 'This page',
}
