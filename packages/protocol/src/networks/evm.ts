// The 25 built-in EVM networks, generated from viem's chain definitions by
// scripts/evm-networks.ts (repo root); evm.test.ts fails when viem's definitions and this file drift apart.
import type { ChainNetwork } from '../chains.js'
import generated from './evm.json' with { type: 'json' }

export const evmNetworks: readonly ChainNetwork[] = generated as ChainNetwork[]
