import { type NameAccount, type NameRegistration, NameRegistrationMessage } from '@walletframe/protocol'
import { evmNetwork, solanaNetwork } from '@walletframe/protocol/testing'
import { type Hex, hexToString, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../data/client.js'
import { connectFake, coreWith, solanaAddress } from '../../testing.js'
import { nameMessages } from '../nameMessages.js'
import * as Navigation from './navigation.js'
import * as RegisterName from './registerName.js'

const base = evmNetwork(8453, 'Base')
const signer = privateKeyToAccount(generatePrivateKey())

async function setup(options: { network?: 'evm' | 'solana' } = {}) {
  const solana = solanaNetwork()
  const core = coreWith(options.network === 'solana' ? [solana] : [base])
  const connector = await connectFake(
    core,
    options.network === 'solana'
      ? { accounts: [`${solana.caipNetworkId}:${solanaAddress}`], network: solana.caipNetworkId }
      : { accounts: [`eip155:8453:${signer.address}`], network: 'eip155:8453' },
  )
  // The wallet signs what personal_sign carries: the message's UTF-8 bytes as hex.
  connector.request.mockImplementation(async ({ params }: { params?: unknown }) => {
    const [hex] = params as [Hex]
    return signer.signMessage({ message: { raw: hex } })
  })
  Navigation.open(core, 'RegisterAccountName')
  const register = vi.fn(
    async (registration: NameRegistration): Promise<NameAccount> => ({
      name: JSON.parse(registration.message).name,
      addresses: { [String(registration.coin_type)]: { address: registration.address } },
      attributes: {},
      createdAt: '2026-01-01T00:00:00.000Z',
    }),
  )
  const registered = vi.fn()
  const deps = { ...core, register, registered, now: () => 1_800_000_000 }
  return { core, connector, deps, register, registered }
}

describe('register', () => {
  it('signs the JSON message with the account, registers it on the coin type and shows success', async () => {
    const { core, deps, register, registered, connector } = await setup()
    const account = await RegisterName.register(deps, { name: 'Alice-01', zone: 'wf.id' })
    expect(account.name).toBe('alice-01.wf.id')
    const [registration] = register.mock.calls[0]!
    expect(registration).toMatchObject({ coin_type: (0x80000000 | 8453) >>> 0, address: signer.address })
    expect(NameRegistrationMessage.parse(JSON.parse(registration.message))).toEqual({
      name: 'alice-01.wf.id',
      attributes: {},
      timestamp: 1_800_000_000,
    })
    expect(
      await verifyMessage({
        address: signer.address,
        message: registration.message,
        signature: registration.signature as Hex,
      }),
    ).toBe(true)
    const [request] = connector.request.mock.calls[0]!
    expect(request).toMatchObject({ method: 'personal_sign', network: 'eip155:8453' })
    expect(hexToString((request as { params: [Hex] }).params[0])).toBe(registration.message)
    expect(registered).toHaveBeenCalledWith(signer.address, account)
    expect(Navigation.current(core)).toBe('RegisterAccountNameSuccess')
  })

  it("goes back to RegisterAccountName with the API's reason when it refuses", async () => {
    const { core, deps, register } = await setup()
    register.mockRejectedValueOnce(
      new ApiError('The name alice.wf.id is registered already; choose another', {
        status: 409,
        apiCode: 'NAME_TAKEN',
      }),
    )
    await expect(RegisterName.register(deps, { name: 'alice', zone: 'wf.id' })).rejects.toThrow(
      /registered already/,
    )
    expect(core.toasts.get()).toMatchObject({
      variant: 'error',
      message: expect.stringMatching(/registered already/),
    })
    expect(Navigation.current(core)).toBe('RegisterAccountName')
  })

  it('falls back to "Error registering name" when the failure has no description', async () => {
    const { core, deps, register } = await setup()
    register.mockRejectedValueOnce(
      new ApiError('The Walletframe API did not answer (TypeError)', { status: 0 }),
    )
    await expect(RegisterName.register(deps, { name: 'alice', zone: 'wf.id' })).rejects.toThrow()
    expect(core.toasts.get()).toMatchObject({ variant: 'error', message: nameMessages.registerFailed })
  })

  it('says "Signature declined" when the wallet refuses to sign, registering nothing', async () => {
    const { core, deps, register, connector } = await setup()
    connector.request.mockRejectedValueOnce(Object.assign(new Error('User rejected'), { code: 4001 }))
    await expect(RegisterName.register(deps, { name: 'alice', zone: 'wf.id' })).rejects.toThrow()
    expect(register).not.toHaveBeenCalled()
    expect(core.toasts.get()).toMatchObject({ variant: 'error', message: 'Signature declined' })
  })

  it('refuses a label against the name rule, and a non-EVM account, before asking the wallet', async () => {
    const { deps, connector } = await setup()
    await expect(RegisterName.register(deps, { name: 'abc', zone: 'wf.id' })).rejects.toThrow(/at least 4/)
    await expect(RegisterName.register(deps, { name: 'under_score', zone: 'wf.id' })).rejects.toThrow(
      /letters/,
    )
    expect(connector.request).not.toHaveBeenCalled()
    const solana = await setup({ network: 'solana' })
    await expect(RegisterName.register(solana.deps, { name: 'alice', zone: 'wf.id' })).rejects.toThrow(/EVM/)
  })
})
