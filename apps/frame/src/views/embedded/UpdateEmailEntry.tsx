// The Account view's way to UpdateEmailWallet: for a wallet that logged in by email (to change its
// address), and for one whose login linked no address (X, Facebook, Farcaster, an unverified provider
// address: to add one). A social login's verified address belongs to its provider, so none is offered there.
import { useFrame } from '../../app/context.js'
import { useStore } from '../../components/useStore.js'
import { useViewMessages } from '../../components/useViewMessages.js'
import * as Navigation from '../../core/actions/navigation.js'

export function UpdateEmailEntry() {
  const { core } = useFrame()
  const connection = useStore(core.connection)
  const messages = useViewMessages().account
  const info = connection.connector?.embeddedWalletInfo
  if (connection.status !== 'connected' || !info) return null
  if (info.authProvider !== 'email' && info.user.email) return null
  // Adding an address takes a fresh login with the current method, and the API does not yet take a
  // passkey's as one: the button would lead to a refusal.
  if (info.authProvider === 'passkey') return null
  const email = info.user.email
  return (
    <button
      type="button"
      className="wf-list-item"
      data-testid="wf-account-update-email"
      aria-label={email ? messages.updateEmailOf(email) : messages.addEmail}
      onClick={() => Navigation.push(core, 'UpdateEmailWallet')}
    >
      <span>{email ? messages.updateEmail : messages.addEmail}</span>
      {email ? <span className="wf-tag">{email}</span> : null}
    </button>
  )
}
