// The pairing capability views show (QR code, one wallet's deep link): its types, for views, which
// never import a connector.

export type { PendingRequest } from '../connectors/Connector.js'
export type { PairingCapability, PairingState, WcLinking } from '../connectors/walletConnect/connector.js'
