import { useViewMessages } from '../components/useMessages.js'
import { NotAvailable } from './NotAvailable.js'

export function ConnectingSiwe() {
  return <NotAvailable feature={useViewMessages().signInFeature} />
}
