// Wires the embedded wallet when it is first needed: the wallet with its auth steps, connector and
// Worker; the login actions that run those steps, wait between them and connect the wallet; the
// recovery password and the second factor's code the wallet asks the login's screens for; and the watcher that puts the wallet's
// approvals on screen (ApproveTransaction). A chunk of its own, so that the boot chunk carries one
// import() for all of it.
import * as Login from '../connectors/embedded/login.js'
import * as ApprovalView from '../core/actions/approvalView.js'
import type * as Connect from '../core/actions/connect.js'
import * as LoginActions from '../core/actions/login.js'
import * as Navigation from '../core/actions/navigation.js'
import * as AuthReload from '../core/authReload.js'
import type { Core } from '../core/Core.js'
import * as FarcasterChannel from '../core/farcasterChannel.js'
import * as Prompt from '../core/prompt.js'
import type { EmbeddedLogin } from '../lib/embeddedLogin.js'

export type Loaded = EmbeddedLogin & { connector: Login.Loaded['connector'] }

export function load(
  core: ApprovalView.Deps & Connect.Deps & Pick<Core, 'hostSession'>,
  options: Omit<Login.load.Options, 'askPassword' | 'askCode' | 'origin'>,
): Loaded {
  ApprovalView.watch(core)
  const passwordPrompt = Prompt.password()
  const codePrompt = Prompt.code()
  // A send over the user's threshold asks for its code after the approval closed the modal: Account
  // shows the question (views/account/FreshFactor.tsx), so the modal opens there for it.
  codePrompt.asked.subscribe((question) => {
    if (question?.action !== 'send') return
    const { open, stack } = core.modal.get()
    if (!open) Navigation.open(core, 'Account')
    else if (stack.history.at(-1) !== 'Account') Navigation.push(core, 'Account')
  })
  const wallet = Login.load({
    ...options,
    askPassword: passwordPrompt.ask,
    askCode: codePrompt.ask,
    // The host page's origin, which a smart-session grant is bound to.
    origin: () => core.hostSession.get()?.origin,
  })
  const farcaster = FarcasterChannel.create()
  const deps: LoginActions.Deps = { core, auth: wallet, connector: wallet.connector, farcaster }
  // Leaving ConnectingFarcaster with no address drops the waiting Farcaster login. App data needs no
  // re-fetch here: what the host sees is derived from the stores, which the drop leaves as they are.
  AuthReload.register(core.modal, () => farcaster.drop())
  return {
    connector: wallet.connector,
    passwordPrompt,
    codePrompt,
    secondFactor: wallet.secondFactor,
    passkeys: wallet.passkeys,
    sessionOnly: wallet.sessionOnly,
    startEmail: (email) => LoginActions.startEmail(deps, email),
    resend: (step) => LoginActions.resend(deps, step),
    waitForDevice: (step, signal) => LoginActions.waitForDevice(deps, step, signal),
    verify: (step, otp) => LoginActions.verify(deps, step, otp),
    social: (provider, popup, signal) => LoginActions.social(deps, provider, popup, signal),
    passkey: (mode, popup) => LoginActions.passkey(deps, mode, popup),
    farcasterUrl: farcaster.url,
    farcaster: (signal) => LoginActions.farcaster(deps, signal),
    reloadFarcaster: () => farcaster.drop(),
    emailUpdate: wallet.emailUpdate({
      socialLogin: (provider, popup, signal) => LoginActions.reauthSocial(deps, provider, popup, signal),
      farcasterLogin: (signal) => LoginActions.reauthFarcaster(deps, signal),
      farcasterUrl: farcaster.url,
    }),
    answer: wallet.answer,
    block: wallet.block,
    preferredAccountType: wallet.preferredAccountType,
    setPreferredAccountType: wallet.setPreferredAccountType,
    smartAccountAvailable: wallet.smartAccountAvailable,
    smartSessions: {
      grants: wallet.connector.grants,
      usage: (id) => wallet.connector.grantUsage(id),
      revoke: (id) => wallet.connector.revokeGrant(id),
    },
    recoveryKit: (password) => wallet.connector.recoveryKit(password),
    recoveryKitWithPasskey: () => wallet.connector.recoveryKitWithPasskey(),
    hasRecoveryPassword: () => wallet.connector.hasRecoveryPassword(),
    addRecoveryPassword: (password) => wallet.connector.addRecoveryPassword(password),
    showRecoveryPhrase: wallet.showRecoveryPhrase,
  }
}
