import { NotAvailable } from './NotAvailable.js'

export function RegisterAccountNameSuccess() {
  return <NotAvailable feature="Name registration" />
}
