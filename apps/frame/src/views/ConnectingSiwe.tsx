import { NotAvailable } from './NotAvailable.js'

export function ConnectingSiwe() {
  return <NotAvailable feature="Sign in with a signed message" />
}
