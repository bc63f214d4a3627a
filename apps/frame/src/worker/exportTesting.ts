// Test support for the recovery phrase window's line to the Worker: the window's end of the port, and
// a passkey's touch as that window hands it over.
import type { RevealWithPasskey } from '../lib/exportWindow.js'
import * as Base64url from './internal/base64url.js'

/** The window's end of the port: each message the Worker posts, in order, and a wait for the next of a type. */
export function windowEnd(port: MessagePort) {
  const messages: { type: string; [key: string]: unknown }[] = []
  const waiting = new Set<() => void>()
  port.onmessage = (event) => {
    messages.push(event.data)
    for (const check of [...waiting]) check()
  }
  /** The `count`-th message of `type` (1 = the first), once it came. */
  const next = <T = Record<string, unknown>>(type: string, count = 1) =>
    new Promise<T & { type: string }>((resolve) => {
      const check = () => {
        const found = messages.filter((message) => message.type === type)[count - 1]
        if (!found) return
        waiting.delete(check)
        resolve(found as T & { type: string })
      }
      waiting.add(check)
      check()
    })
  return { messages, next }
}

/**
 * A touch of passkey `credentialId` over `challenge` as the window hands it to the Worker: the
 * assertion (its client data names the challenge, as a browser's does) and the PRF `output`.
 */
export function touchOf(credentialId: string, challenge: string, output: Uint8Array): RevealWithPasskey {
  const clientData = { type: 'webauthn.get', challenge, origin: 'https://frame.test' }
  return {
    type: 'reveal-passkey',
    credential: {
      id: credentialId,
      rawId: credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: Base64url.encode(new TextEncoder().encode(JSON.stringify(clientData))),
        authenticatorData: Base64url.encode(new Uint8Array(37)),
        signature: Base64url.encode(new Uint8Array(64)),
      },
    },
    prf: { credentialId, output: new Uint8Array(output) },
  }
}
