import { evmNetwork, solanaNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it } from 'vitest'
import { memory } from '../../storage/Storage.js'
import {
  entryPointV07,
  isAvailable,
  preferenceKey,
  storedPreference,
  storePreference,
} from './smartAccountSupport.js'

const served = {
  ...evmNetwork(8453, 'Base'),
  bundlerUrl: 'https://api.example.test/v1/bundler?chainId=eip155%3A8453&projectId=p',
  contracts: { entryPointV07, smartAccountFactory: '0xBbD4F955cD62024ad3128e12DADfd175216d0375' },
}

describe('isAvailable', () => {
  it('needs an EVM network with a bundler, the EntryPoint v0.7 and the account factory', () => {
    expect(isAvailable(served)).toBe(true)
    const { bundlerUrl: _, ...noBundler } = served
    expect(isAvailable(noBundler)).toBe(false)
    expect(isAvailable({ ...served, contracts: { entryPointV07 } })).toBe(false)
    expect(
      isAvailable({ ...served, contracts: { ...served.contracts, entryPointV07: `0x${'11'.repeat(20)}` } }),
    ).toBe(false)
    expect(isAvailable({ ...solanaNetwork(), bundlerUrl: served.bundlerUrl })).toBe(false)
    expect(isAvailable(undefined)).toBe(false)
  })
})

describe('the preferred account type', () => {
  it('is smartAccount until the user picks the EOA, and the pick is kept in storage', () => {
    const storage = memory()
    expect(storedPreference(storage)).toBe('smartAccount')
    storePreference(storage, 'eoa')
    expect(storage.getItem(preferenceKey)).toBe('eoa')
    expect(storedPreference(storage)).toBe('eoa')
    storePreference(storage, 'smartAccount')
    expect(storedPreference(storage)).toBe('smartAccount')
  })

  it('reads anything it does not know as the default', () => {
    expect(storedPreference(memory([[preferenceKey, 'payment']]))).toBe('smartAccount')
  })
})
