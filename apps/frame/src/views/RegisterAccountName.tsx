import { NotAvailable } from './NotAvailable.js'

export function RegisterAccountName() {
  return <NotAvailable feature="Name registration" />
}
