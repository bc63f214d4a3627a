// The fresh code a sensitive action of the embedded wallet asks for (the recovery phrase, a recovery
// kit), when the user has a second factor: the API signs the pass the Worker requires only after it.
// Shown in Account while the action waits for it.

import { useEmbeddedLogin } from '../../components/useEmbeddedLogin.js'
import { useStore } from '../../components/useStore.js'
import { constant } from '../../lib/store.js'
import { SecondFactorCode } from '../embedded/SecondFactorCode.js'

const notAsked = constant(undefined)

export function FreshFactor() {
  const login = useEmbeddedLogin(true)
  const asked = useStore(login?.codePrompt.asked ?? notAsked)
  // A question without an action is the login's own, shown by the login's screens.
  if (!login || !asked?.action) return null
  return <SecondFactorCode question={asked} prompt={login.codePrompt} />
}
