// The literal values of the channel (names, versions, enum members), kept free of zod so the host
// SDK and the guards can use them; the schemas in messages.ts, caip.ts and validation.ts build
// their enums from these same tuples.

export const protocolVersion = 1
export const channelName = 'walletframe'

export const chainNamespaces = ['eip155', 'solana', 'bip122', 'polkadot'] as const
export const connectionStatuses = ['disconnected', 'connecting', 'connected'] as const
export const accountTypes = ['eoa', 'smartAccount'] as const
/** Kinds of entries in `allAccounts`: EVM account types plus Bitcoin's payment / ordinal / stx. */
export const accountEntryTypes = [...accountTypes, 'payment', 'ordinal', 'stx'] as const
export const eip1193Events = ['accountsChanged', 'chainChanged', 'connect', 'disconnect'] as const
/** The events of a host-page wallet that the SDK relays to the frame (`injected:event`). */
export const injectedEvents = ['accountsChanged', 'chainChanged', 'disconnect'] as const
/**
 * Longest blob of frame state the host keeps for the frame (`host:init` persisted, `persist` event):
 * the frame's connector state as a string, in UTF-16 code units (String.length, as zod counts).
 */
export const persistedMaxLength = 2_000_000
