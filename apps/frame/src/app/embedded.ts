// Wires the embedded wallet when it is first needed: the login flows with their connector and
// Worker, and the watcher that puts the wallet's approvals on screen (ApproveTransaction). A chunk of
// its own, so that the boot chunk carries one import() for all of it.
import * as Login from '../connectors/embedded/login.js'
import * as ApprovalView from '../core/actions/approvalView.js'
import * as AuthReload from '../core/authReload.js'

export function load(core: ApprovalView.Deps, options: Login.load.Options): Login.Loaded {
  ApprovalView.watch(core)
  const loaded = Login.load(options)
  // SPEC §2: leaving ConnectingFarcaster with no address drops the waiting Farcaster login. App data
  // needs no re-fetch here: what the host sees is derived from the stores, which the drop leaves as they are.
  AuthReload.register(core.modal, () => loaded.reloadFarcaster())
  return loaded
}
