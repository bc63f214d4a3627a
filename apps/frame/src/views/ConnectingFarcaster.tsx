import { NotAvailable } from './NotAvailable.js'

export function ConnectingFarcaster() {
  return <NotAvailable feature="Farcaster login" />
}
