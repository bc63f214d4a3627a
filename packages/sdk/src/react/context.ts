// The React context that carries the page's Walletframe instance to the hooks. Undefined during
// server rendering and until the provider has created the instance in the browser.
import { createContext } from 'react'
import type { Walletframe } from '../createWalletframe.js'

export const WalletframeContext = createContext<Walletframe | undefined>(undefined)
