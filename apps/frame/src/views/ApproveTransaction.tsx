import { NotAvailable } from './NotAvailable.js'

export function ApproveTransaction() {
  return <NotAvailable feature="Approving transactions in the embedded wallet" />
}
