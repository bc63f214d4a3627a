import { NotAvailable } from './NotAvailable.js'

export function ConnectingWalletConnectBasic() {
  return <NotAvailable feature="WalletConnect" />
}
