// Send (SPEC §4 token send): replaced by the send flow.
export function WalletSend() {
  return <p className="wf-muted">Sending is not available in this version yet.</p>
}
