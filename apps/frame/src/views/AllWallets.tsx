import { NotAvailable } from './NotAvailable.js'

export function AllWallets() {
  return <NotAvailable feature="The wallet list" />
}
