import { NotAvailable } from './NotAvailable.js'

export function SIWXSignMessage() {
  return <NotAvailable feature="Sign in with a signed message" />
}
