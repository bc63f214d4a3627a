// Uniswap's Permit2 at its canonical address, built from its own source (contracts/vendor/permit2).
// Wallets and apps find Permit2 by that address alone, so it must be there. Its constructor only
// caches the chain id and the EIP-712 domain separator (which binds chain id and address) in two
// immutables; we fill them as that constructor would have at the canonical address, install the
// runtime with anvil_setCode, and check DOMAIN_SEPARATOR() against the one a signer computes. (The
// CREATE2 route with Uniswap's salt would need the mainnet init code byte for byte, which this build
// does not reproduce.)
import { type Address, concat, domainSeparator, type Hex, numberToHex, size, slice } from 'viem'
import { FixtureError } from '../errors.js'
import { artifacts } from './artifacts.js'
import type { Transactor } from './Transactor.js'

export const permit2Address: Address = '0x000000000022D473030F116dDEE9F6B43aC78BA3'

/** The EIP-712 domain Permit2 signs under: name "Permit2", no version, the chain and its address. */
export function domain(chainId: number) {
  return { name: 'Permit2', chainId, verifyingContract: permit2Address } as const
}

/** EIP-712 types of Permit2's AllowanceTransfer.permit (github.com/Uniswap/permit2, PermitHash.sol). */
export const permitSingleTypes = {
  PermitSingle: [
    { name: 'details', type: 'PermitDetails' },
    { name: 'spender', type: 'address' },
    { name: 'sigDeadline', type: 'uint256' },
  ],
  PermitDetails: [
    { name: 'token', type: 'address' },
    { name: 'amount', type: 'uint160' },
    { name: 'expiration', type: 'uint48' },
    { name: 'nonce', type: 'uint48' },
  ],
} as const

/** Permit2's runtime code for `chainId`, its immutables set as its constructor sets them. */
export function runtimeCode(chainId: number): Hex {
  const { deployedBytecode, immutableReferences } = artifacts.permit2()
  const values: Record<string, Hex> = {
    _CACHED_CHAIN_ID: numberToHex(chainId, { size: 32 }),
    _CACHED_DOMAIN_SEPARATOR: domainSeparator({ domain: domain(chainId) }),
  }
  let code = deployedBytecode
  for (const [name, ranges] of Object.entries(immutableReferences)) {
    const value = values[name]
    if (!value) throw new FixtureError(`Permit2 has an immutable ${name} the fixture does not know`)
    for (const { start, length } of ranges) {
      if (length !== size(value))
        throw new FixtureError(`Permit2's ${name} is ${length} bytes, not ${size(value)}`)
      code = concat([slice(code, 0, start), value, slice(code, start + length)])
    }
  }
  return code
}

/** Installs Permit2 at its canonical address and checks that it signs under the right domain. */
export async function install(tx: Transactor, chainId: number): Promise<Address> {
  await tx.request('anvil_setCode', [permit2Address, runtimeCode(chainId)])
  const { abi } = artifacts.permit2()
  const reported = (await tx.read(permit2Address, abi, 'DOMAIN_SEPARATOR', [])) as Hex
  const expected = domainSeparator({ domain: domain(chainId) })
  if (reported !== expected)
    throw new FixtureError(`Permit2's DOMAIN_SEPARATOR is ${reported}, not ${expected} on chain ${chainId}`)
  return permit2Address
}
