import { useViewMessages } from '../components/useViewMessages.js'
import { NotAvailable } from './NotAvailable.js'

export function ConnectingSiwe() {
  return <NotAvailable feature={useViewMessages().signInFeature} />
}
