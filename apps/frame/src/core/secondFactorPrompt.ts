// The second factor's code the embedded wallet asks for as it opens, when the user has one: the API
// releases the auth share only to a session that gave one. The wallet's question waits here for the
// user's answer; the login's screen shows the form while it is asked. One question at a time.
import { UserRejectedRequestError } from '@walletframe/protocol'
import type { CodePrompt, CodeQuestion } from '../lib/embeddedLogin.js'
import * as Store from '../lib/store.js'

export function create(): CodePrompt & {
  /** The wallet's question: answers the code given, or rejects with 4001 when the user declines. */
  ask(question: CodeQuestion): Promise<string>
} {
  const asked = Store.create<CodeQuestion | undefined>(undefined)
  let waiting: { resolve(code: string): void; reject(error: Error): void } | undefined

  /** The question asked now, which an answer settles; the form goes with it. */
  const answered = () => {
    const question = waiting
    waiting = undefined
    asked.set(undefined)
    return question
  }

  return {
    asked,
    ask(question) {
      // A newer question replaces one left unanswered, which must not keep its caller waiting.
      answered()?.reject(new UserRejectedRequestError())
      return new Promise<string>((resolve, reject) => {
        waiting = { resolve, reject }
        asked.set(question)
      })
    },
    submit(code) {
      answered()?.resolve(code.trim())
    },
    decline() {
      answered()?.reject(new UserRejectedRequestError())
    },
  }
}
