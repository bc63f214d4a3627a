// What the embedded wallet's login, its windows and the frame origin's login pages report when something goes wrong, in one place:
// the flows raise these texts, and a view shows them in its language (locale/en/errors.ts).
export const loginMessages = {
  initFailed: 'A problem occurred while trying initialize authentication',
  passkeyWindowBlocked: 'The browser blocked the passkey window; allow pop-ups for this site and try again',
  loginCancelled: 'The login was cancelled',
  exportWindowBlocked:
    'The browser blocked the recovery phrase window; allow pop-ups for this site and try again',
  exportWindowClosed: 'The recovery phrase window was closed before it was ready; try again',
  noLoginService: 'This wallet has no login service configured',
  socialNoOpener: 'This window was not opened by the wallet: go back to the app and start the login there',
  socialNoAnswer: 'The wallet did not answer: close this window and start the login again in the app',
} as const
