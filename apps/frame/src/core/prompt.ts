// A question the embedded wallet asks the user and waits on: the recovery password as it opens (a new
// wallet, or a new device or host site), the second factor's code as it opens or for a sensitive
// action. The question is on show (`asked`) until the user answers (the wallet gets the answer) or
// declines (4001). One question at a time: a newer one declines an older one left unanswered.
import { UserRejectedRequestError } from '@walletframe/protocol'
import type { CodeQuestion, PasswordReason, Prompt } from '../lib/embeddedLogin.js'
import * as Store from '../lib/store.js'

export declare namespace create {
  type Options = {
    /** What the wallet gets of a typed answer (the second factor's code: without the spaces around it). */
    normalize?(answer: string): string
  }
}

export function create<Question>(options: create.Options = {}): Prompt<Question> & {
  /** The wallet's question: answers what the user gave, or rejects with 4001 when they decline. */
  ask(question: Question): Promise<string>
} {
  const asked = Store.create<Question | undefined>(undefined)
  let waiting: { resolve(answer: string): void; reject(error: Error): void } | undefined

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
    submit(answer) {
      answered()?.resolve(options.normalize ? options.normalize(answer) : answer)
    },
    decline() {
      answered()?.reject(new UserRejectedRequestError())
    },
  }
}

/** The recovery password's question (why it is asked: to create or to recover). */
export const password = () => create<PasswordReason>()

/** The second factor's question; the code trimmed. */
export const code = () => create<CodeQuestion>({ normalize: (answer) => answer.trim() })
