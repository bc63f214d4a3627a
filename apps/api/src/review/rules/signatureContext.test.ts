import { createSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import {
  otherChainFindings,
  rawHashFindings,
  signInDomainFindings,
  verifyingContractFindings,
} from './signatureContext.js'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const siwe = (domain: string, uri: string) =>
  createSiweMessage({ address, chainId: 1, domain, nonce: 'abcdefgh12', uri, version: '1' })

describe('verifyingContractFindings', () => {
  it('flags a verifying contract with no code, and nothing else', () => {
    expect(verifyingContractFindings(address, false).map((finding) => finding.rule)).toEqual([
      'verifying-contract-missing',
    ])
    expect(verifyingContractFindings(address, true)).toEqual([])
    expect(verifyingContractFindings(undefined, false)).toEqual([])
  })
})

describe('otherChainFindings', () => {
  it('flags a request for another chain than the connected one', () => {
    expect(otherChainFindings('eip155:8453', 'eip155:1')).toEqual([
      {
        rule: 'other-chain',
        reason: 'The request is for eip155:8453, not the network you are on (eip155:1)',
      },
    ])
    expect(otherChainFindings('eip155:1', 'eip155:1')).toEqual([])
    expect(otherChainFindings(undefined, 'eip155:1')).toEqual([])
  })
})

describe('signInDomainFindings', () => {
  it("accepts a message for the asking site's own host", () => {
    expect(
      signInDomainFindings(siwe('dapp.example', 'https://dapp.example/login'), 'https://dapp.example'),
    ).toEqual([])
  })
  it('flags a message for another domain, or with a URI on another site', () => {
    expect(
      signInDomainFindings(siwe('bank.example', 'https://bank.example'), 'https://phish.example'),
    ).toEqual([
      {
        rule: 'sign-in-domain',
        reason: 'This sign-in message is for bank.example, but phish.example is asking for it',
      },
    ])
    expect(
      signInDomainFindings(siwe('dapp.example', 'https://bank.example'), 'https://dapp.example').map(
        (f) => f.rule,
      ),
    ).toEqual(['sign-in-domain'])
  })
  it('compares the port too', () => {
    expect(
      signInDomainFindings(siwe('dapp.example:8443', 'https://dapp.example:8443'), 'https://dapp.example'),
    ).toHaveLength(1)
  })
  it('says nothing of a message that is not a sign-in message', () => {
    expect(signInDomainFindings('Hello', 'https://dapp.example')).toEqual([])
  })
})

describe('rawHashFindings', () => {
  it('flags eth_sign only', () => {
    expect(rawHashFindings('eth_sign').map((finding) => finding.rule)).toEqual(['raw-hash-signature'])
    expect(rawHashFindings('personal_sign')).toEqual([])
  })
})
