// The recovery password the embedded wallet asks for as it opens: chosen once to protect a new
// wallet's recovery share, entered again to open the wallet on a new device or host site. The wallet's
// question waits here for the user's answer; the login's state (core/login.ts, `password`) shows the
// form while it is asked. One question at a time.
import { UserRejectedRequestError } from '@walletframe/protocol'
import type { PasswordPrompt, PasswordReason } from '../lib/embeddedLogin.js'
import * as Store from '../lib/store.js'

export function create(): PasswordPrompt & {
  /** The wallet's question: answers the password given, or rejects with 4001 when the user declines. */
  ask(reason: PasswordReason): Promise<string>
} {
  const asked = Store.create<PasswordReason | undefined>(undefined)
  let waiting: { resolve(password: string): void; reject(error: Error): void } | undefined

  /** The question asked now, which an answer settles; the form goes with it. */
  const answered = () => {
    const question = waiting
    waiting = undefined
    asked.set(undefined)
    return question
  }

  return {
    asked,
    ask(reason) {
      // A newer question replaces one left unanswered, which must not keep its caller waiting.
      answered()?.reject(new UserRejectedRequestError())
      return new Promise<string>((resolve, reject) => {
        waiting = { resolve, reject }
        asked.set(reason)
      })
    },
    submit(password) {
      answered()?.resolve(password)
    },
    decline() {
      answered()?.reject(new UserRejectedRequestError())
    },
  }
}
