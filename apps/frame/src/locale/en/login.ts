// The English words of the embedded wallet's login after its first screen (the email code, the new
// device, the passkey and social waits, Farcaster, the recovery password, the second factor's code)
// and of the account's email update.
import type { SensitiveAction } from '@walletframe/protocol'

export const login = {
  emailCode: {
    region: 'Email code',
    enter: (email: string) => `Enter the 6-digit code we sent to ${email}.`,
    code: 'Code',
    connecting: 'Connecting…',
    continue: 'Continue',
    resendIn: (seconds: string) => `Resend code in ${seconds} s`,
    resend: 'Resend code',
  },
  device: {
    region: 'Approve this device',
    newDevice: (email: string) =>
      `This device is new for ${email}. Open the link we sent there and approve it; the code follows.`,
  },
  passkey: {
    region: 'Passkey login',
    create: 'Create a passkey for your new wallet in the browser’s dialog.',
    choose: 'Choose your passkey in the browser’s dialog.',
  },
  social: {
    region: 'Social login',
    continueIn: (provider: string) => `Continue with ${provider} in the window that opened.`,
    cancel: 'Cancel',
    blocked: (provider: string) => `The browser blocked the ${provider} window.`,
    continue: 'Continue',
  },
  sessionOnly:
    'This browser keeps no data for this window: you stay signed in until you leave or reload the page.',
  farcaster: {
    region: 'Sign in with Farcaster',
    tryAgain: 'Try again',
    scan: "Scan with your phone's camera or the Farcaster app to sign in.",
    qrAlt: 'QR code to sign in with Farcaster',
    open: 'Open in Farcaster',
    waiting: 'Waiting for the Farcaster app…',
    opening: 'Opening a Farcaster sign-in…',
  },
  recoveryPassword: {
    choose:
      'Choose a recovery password (8 characters or more). You need it to open this wallet on another device or site; nobody can reset it.',
    enter: 'Enter your recovery password to open your wallet here.',
    createWithoutPrf:
      'This passkey cannot protect your wallet by itself (it has no PRF), so a recovery password is needed to open it on another device or site.',
    recoverWithoutPrf:
      'This passkey cannot open your wallet by itself (it has no PRF, or was not set up to), so your recovery password is needed.',
    label: 'Recovery password',
    create: 'Create wallet',
    open: 'Open wallet',
    cancel: 'Cancel',
  },
  /** The second factor's question: what the code is for (an action's, else opening the wallet). */
  secondFactor: {
    region: 'Two-factor authentication',
    purposes: {
      open: 'to open your wallet',
      export: 'to show your recovery phrase',
      'recovery-kit': 'to make your recovery kit',
      'login-method': 'to change how you log in',
      send: 'to approve this send',
    } satisfies Record<SensitiveAction | 'open', string>,
    passkeyOnly: (purpose: string) => `Confirm with your passkey ${purpose}.`,
    enter: (purpose: string) =>
      `Enter the 6-digit code of your authenticator app ${purpose}, or one of your recovery codes.`,
    enterOrPasskey: (purpose: string) =>
      `Enter the 6-digit code of your authenticator app ${purpose}, or one of your recovery codes, or use your passkey.`,
    code: 'Authentication code',
    verify: 'Verify',
    usePasskey: 'Use passkey',
    cancel: 'Cancel',
  },
  updateEmail: {
    yourLogin: 'your login',
    blocked: (method: string) => `The browser blocked the ${method} window; allow it and try again`,
    doneRegion: 'Email updated',
    /** Followed by the new address, in bold. */
    nowIs: "Your account's email is now ",
    /** Follows the new address. */
    staysSame: '. Your wallet and its address stay the same.',
    backToAccount: 'Back to account',
    confirmWith: (method: string) => `Confirm with ${method}`,
    noEmailYet: (method: string) =>
      `Your account has no email address yet. To add one, first confirm it is you: sign in again with ${method}.`,
    continueIn: (method: string) => `Continue with ${method} in the window that opened.`,
    cancel: 'Cancel',
    confirmCurrent: 'Confirm from your current email',
    confirmNew: 'Confirm your new email',
    step1: (email: string) => `Step 1 of 2: confirm the change to ${email} from your current address.`,
    step2: (email: string) => `Step 2 of 2: confirm that ${email} is yours.`,
    confirmYours: (email: string) => `Confirm that ${email} is yours.`,
    verifying: 'Verifying…',
    startAgain: 'No code? Start again',
    update: 'Update email',
    add: 'Add email',
    current: (email: string) =>
      `Your account's email is ${email}. We send a code to your current address first, then one to the new address.`,
    toNew: 'We send a code to the new address.',
    newEmail: 'New email',
    sending: 'Sending…',
    sendCode: 'Send code',
  },
}
