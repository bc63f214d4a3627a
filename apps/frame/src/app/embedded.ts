// Wires the embedded wallet when it is first needed: the login flows with their connector and
// Worker, and the watcher that puts the wallet's approvals on screen (ApproveTransaction). A chunk of
// its own, so that the boot chunk carries one import() for all of it.
import * as Login from '../connectors/embedded/login.js'
import * as ApprovalView from '../core/actions/approvalView.js'

export function load(core: ApprovalView.Deps, options: Login.load.Options): Login.Loaded {
  ApprovalView.watch(core)
  return Login.load(options)
}
