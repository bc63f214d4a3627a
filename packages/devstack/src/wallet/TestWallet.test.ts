import { ed25519 } from '@noble/curves/ed25519'
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import type { SessionTypes, SignClientTypes } from '@walletconnect/types'
import { Verifier } from 'bip322-js'
import bs58 from 'bs58'
import { createPublicClient, type Hex, http, parseEther, verifyMessage, verifyTypedData } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { solanaAccount } from '../accounts.js'
import { start as startRelay } from '../relay/Relay.js'
import * as Cluster from '../solana/Cluster.js'
import { caipNetworkId as solanaChain } from '../solana/constants.js'
import { bitcoinMainnet } from './bitcoinKeys.js'
import * as Anvil from './internal/anvil.js'
import * as Dapp from './internal/dapp.js'
import * as Namespaces from './namespaces.js'
import { create, type TestWallet } from './TestWallet.js'

const mainChain = 'eip155:31337'
const otherChain = 'eip155:10'
/** A chain the wallet has an RPC URL for but the dapp does not ask for at connect time. */
const extraChain = 'eip155:8453'

let relay: Awaited<ReturnType<typeof startRelay>>
let anvil: Anvil.Node
let cluster: Cluster.Cluster
let dapp: Dapp.Dapp
const wallets: TestWallet[] = []

beforeAll(async () => {
  ;[relay, anvil, cluster] = await Promise.all([startRelay(), Anvil.start(31337), Cluster.start()])
  // The dapp's SDK logs every rejected request at error level; these tests reject on purpose.
  dapp = await Dapp.create({ relayUrl: relay.url, logLevel: 'fatal' })
})

afterEach(async () => {
  await Promise.all(wallets.splice(0).map((wallet) => wallet.close()))
})

afterAll(async () => {
  await dapp?.close()
  await Promise.all([relay?.stop(), anvil?.stop(), cluster?.stop()])
})

async function newWallet(options: Partial<create.Options> = {}): Promise<TestWallet> {
  const wallet = await create({
    relayUrl: relay.url,
    rpcUrls: {
      [mainChain]: anvil.url,
      [extraChain]: anvil.url,
      [solanaChain]: cluster.network.rpcUrls.default.http[0]!,
    },
    ...options,
  })
  wallets.push(wallet)
  return wallet
}

/** Dapp connects, wallet pairs from the URI and approves: the session on both sides. */
async function connect(wallet: TestWallet) {
  const { uri, approval } = await dapp.connect({
    optionalNamespaces: {
      eip155: {
        chains: [mainChain, otherChain],
        methods: [
          'personal_sign',
          'eth_signTypedData_v4',
          'eth_sendTransaction',
          'wallet_switchEthereumChain',
        ],
        events: ['accountsChanged', 'chainChanged'],
      },
    },
  })
  if (!uri) throw new Error('connect() gave no URI')
  await wallet.pair(uri)
  const [walletSession, dappSession] = await Promise.all([wallet.approveNextProposal(), approval()])
  return { walletSession, dappSession }
}

/** Dapp connects asking for the local Solana cluster only; the wallet approves. */
async function connectSolana(wallet: TestWallet) {
  const { uri, approval } = await dapp.connect({
    optionalNamespaces: {
      solana: {
        chains: [solanaChain],
        methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
        events: [],
      },
    },
  })
  if (!uri) throw new Error('connect() gave no URI')
  await wallet.pair(uri)
  const [walletSession, dappSession] = await Promise.all([wallet.approveNextProposal(), approval()])
  return { walletSession, dappSession }
}

function request<result>(session: SessionTypes.Struct, method: string, params: unknown, chainId = mainChain) {
  return dapp.request<result>({ topic: session.topic, chainId, request: { method, params } })
}

function nextDappEvent<event extends SignClientTypes.Event>(
  name: event,
  topic: string,
): Promise<SignClientTypes.EventArguments[event]> {
  return new Promise((resolve) => {
    const listener = (event: SignClientTypes.EventArguments[event]) => {
      if ((event as { topic?: string }).topic !== topic) return
      dapp.off(name, listener)
      resolve(event)
    }
    dapp.on(name, listener)
  })
}

describe('createTestWallet', () => {
  it('connects: approving the proposal gives the same session on the dapp and the wallet', async () => {
    const wallet = await newWallet()
    const { walletSession, dappSession } = await connect(wallet)
    expect(dappSession.topic).toBe(walletSession.topic)
    expect(dappSession.namespaces.eip155?.accounts).toEqual([
      `${mainChain}:${wallet.address}`,
      `${otherChain}:${wallet.address}`,
    ])
    expect(dappSession.namespaces.eip155?.methods).toContain('eth_sendTransaction')
    expect(wallet.sessions().map((session) => session.topic)).toEqual([dappSession.topic])
  })

  it('answers personal_sign with a signature that recovers to its account', async () => {
    const wallet = await newWallet()
    const { dappSession } = await connect(wallet)
    const message = 'Sign in to Walletframe'
    const signature = await request<Hex>(dappSession, 'personal_sign', [
      `0x${Buffer.from(message).toString('hex')}`,
      wallet.address,
    ])
    expect(await verifyMessage({ address: wallet.address, message, signature })).toBe(true)
  })

  it('answers eth_signTypedData_v4 with a signature over the typed data', async () => {
    const wallet = await newWallet()
    const { dappSession } = await connect(wallet)
    const typedData = {
      domain: { name: 'Walletframe', version: '1', chainId: 31337 },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Mail: [
          { name: 'to', type: 'address' },
          { name: 'contents', type: 'string' },
        ],
      },
      primaryType: 'Mail',
      message: { to: wallet.address, contents: 'gm' },
    } as const
    const signature = await request<Hex>(dappSession, 'eth_signTypedData_v4', [
      wallet.address,
      JSON.stringify(typedData),
    ])
    const { EIP712Domain: _, ...types } = typedData.types
    expect(await verifyTypedData({ address: wallet.address, ...typedData, types, signature })).toBe(true)
  })

  it('sends eth_sendTransaction to the devnet, where it is mined', async () => {
    const wallet = await newWallet()
    const { dappSession } = await connect(wallet)
    const chain = createPublicClient({ transport: http(anvil.url) })
    const recipient = '0x000000000000000000000000000000000000dEaD'
    const before = await chain.getBalance({ address: recipient })
    const hash = await request<Hex>(dappSession, 'eth_sendTransaction', [
      { from: wallet.address, to: recipient, value: `0x${parseEther('0.5').toString(16)}` },
    ])
    const receipt = await chain.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(wallet.address.toLowerCase())
    expect(await chain.getBalance({ address: recipient })).toBe(before + parseEther('0.5'))
  })

  it('rejects the next request with 4001 and answers the one after', async () => {
    const wallet = await newWallet()
    const { dappSession } = await connect(wallet)
    wallet.rejectNextRequest()
    await expect(request(dappSession, 'personal_sign', ['0x01', wallet.address])).rejects.toMatchObject({
      code: 4001,
    })
    await expect(request(dappSession, 'personal_sign', ['0x01', wallet.address])).resolves.toMatch(/^0x/)
  })

  it('answers eth_accounts and eth_chainId, and refuses to sign for another address with -32602', async () => {
    const wallet = await newWallet()
    const { dappSession } = await connect(wallet)
    await expect(request(dappSession, 'eth_accounts', [])).resolves.toEqual([wallet.address])
    await expect(request(dappSession, 'eth_chainId', [], otherChain)).resolves.toBe('0xa')
    await expect(
      request(dappSession, 'personal_sign', ['0x01', '0x000000000000000000000000000000000000dEaD']),
    ).rejects.toMatchObject({
      code: -32602,
    })
  })

  it('rejects a proposal: the dapp approval fails with USER_REJECTED', async () => {
    const wallet = await newWallet()
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: { eip155: { chains: [mainChain], methods: ['personal_sign'], events: [] } },
    })
    await wallet.pair(uri as string)
    const [, outcome] = await Promise.allSettled([wallet.rejectNextProposal(), approval()])
    expect(outcome).toMatchObject({ status: 'rejected', reason: { code: 5000, message: 'User rejected.' } })
  })

  it('switches chain on wallet_switchEthereumChain and the dapp sees chainChanged', async () => {
    const wallet = await newWallet()
    const { dappSession } = await connect(wallet)
    const changed = nextDappEvent('session_event', dappSession.topic)
    await expect(request(dappSession, 'wallet_switchEthereumChain', [{ chainId: '0xa' }])).resolves.toBeNull()
    expect((await changed).params).toEqual({ chainId: otherChain, event: { name: 'chainChanged', data: 10 } })
    expect(wallet.activeChain()).toBe(otherChain)
  })

  it('adds a chain it has an RPC URL for to the session when asked to switch to it, else answers 4902', async () => {
    const wallet = await newWallet()
    const { dappSession } = await connect(wallet)
    const updated = nextDappEvent('session_update', dappSession.topic)
    const changed = nextDappEvent('session_event', dappSession.topic)
    await request(dappSession, 'wallet_switchEthereumChain', [{ chainId: '0x2105' }])
    expect((await updated).params.namespaces.eip155?.accounts).toContain(`${extraChain}:${wallet.address}`)
    expect((await changed).params.event).toEqual({ name: 'chainChanged', data: 8453 })
    await expect(
      request(dappSession, 'wallet_switchEthereumChain', [{ chainId: '0x539' }]),
    ).rejects.toMatchObject({
      code: 4902,
    })
  })

  it('approves several EVM accounts and signs with the one a request names', async () => {
    const wallet = await newWallet({ evmAccounts: 2 })
    const [first, second] = wallet.addresses
    expect(second).toBeDefined()
    const { dappSession } = await connect(wallet)
    expect(dappSession.namespaces.eip155?.accounts).toEqual([
      `${mainChain}:${first}`,
      `${mainChain}:${second}`,
      `${otherChain}:${first}`,
      `${otherChain}:${second}`,
    ])
    const message = 'Signed by the second account'
    const signature = await request<Hex>(dappSession, 'personal_sign', [message, second])
    expect(await verifyMessage({ address: second!, message, signature })).toBe(true)
  })

  it('with switchChain "acceptWithoutAdding", answers a switch to a new chain without updating the session', async () => {
    const wallet = await newWallet({ switchChain: 'acceptWithoutAdding' })
    const { dappSession } = await connect(wallet)
    let updated = false
    const onUpdate = () => {
      updated = true
    }
    dapp.on('session_update', onUpdate)
    await expect(
      request(dappSession, 'wallet_switchEthereumChain', [{ chainId: '0x2105' }]),
    ).resolves.toBeNull()
    // A ping round trip: anything the wallet sent before its answer has reached the dapp by now.
    await dapp.ping({ topic: dappSession.topic })
    dapp.off('session_update', onUpdate)
    expect(updated).toBe(false)
    expect(Namespaces.sessionChains(wallet.sessions()[0]!.namespaces)).not.toContain(extraChain)
  })

  it('emits accountsChanged and chainChanged to the dapp', async () => {
    const wallet = await newWallet()
    const { dappSession } = await connect(wallet)
    const accounts = nextDappEvent('session_event', dappSession.topic)
    await wallet.emitAccountsChanged()
    expect((await accounts).params).toEqual({
      chainId: mainChain,
      event: { name: 'accountsChanged', data: [wallet.address] },
    })
    const chain = nextDappEvent('session_event', dappSession.topic)
    await wallet.emitChainChanged(otherChain)
    expect((await chain).params.event).toEqual({ name: 'chainChanged', data: 10 })
  })

  it('disconnects: the dapp sees session_delete', async () => {
    const wallet = await newWallet()
    const { dappSession } = await connect(wallet)
    const deleted = nextDappEvent('session_delete', dappSession.topic)
    await wallet.disconnect()
    expect((await deleted).topic).toBe(dappSession.topic)
    expect(wallet.sessions()).toEqual([])
  })

  it('keeps a session working while another client floods the relay with garbage', async () => {
    const wallet = await newWallet()
    const { dappSession } = await connect(wallet)
    const jwt = await signJWT('garbage', relay.url, 86_400, generateKeyPair())
    const vandal = new WebSocket(`${relay.url}?auth=${jwt}`)
    await new Promise((resolve) => vandal.once('open', resolve))
    const errors: number[] = []
    const allAnswered = new Promise<void>((resolve) =>
      vandal.on('message', (data) => {
        errors.push(JSON.parse(data.toString()).error.code)
        if (errors.length === 4) resolve()
      }),
    )
    for (const frame of [
      '{',
      'null',
      '{"jsonrpc":"2.0","id":1,"method":"nope"}',
      '{"jsonrpc":"2.0","id":2,"method":"irn_publish","params":{}}',
    ]) {
      vandal.send(frame)
    }
    const signature = await request<Hex>(dappSession, 'personal_sign', ['0x6869', wallet.address])
    await allAnswered
    expect(errors).toEqual([-32700, -32600, -32601, -32602])
    expect(await verifyMessage({ address: wallet.address, message: 'hi', signature })).toBe(true)
    vandal.close()
  })
  it("derives its Solana account from the mnemonic at m/44'/501'/N'/0'", async () => {
    const [first, second] = await Promise.all([newWallet(), newWallet({ accountIndex: 1 })])
    expect(first.solanaAddress).toBe(solanaAccount(0).address)
    expect(second.solanaAddress).toBe(solanaAccount(1).address)
    expect(first.solanaKeypair.publicKey.toBase58()).toBe(first.solanaAddress)
  })

  it('approves a Solana-only proposal with its Solana account', async () => {
    const wallet = await newWallet()
    const { dappSession } = await connectSolana(wallet)
    expect(dappSession.namespaces).toEqual({
      solana: {
        chains: [solanaChain],
        accounts: [`${solanaChain}:${wallet.solanaAddress}`],
        methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
        events: [],
      },
    })
    expect(wallet.activeChain()).toBeUndefined()
  })

  it('approves eip155 and solana chains side by side', async () => {
    const wallet = await newWallet()
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: {
        eip155: { chains: [mainChain], methods: ['personal_sign'], events: ['chainChanged'] },
        solana: { chains: [solanaChain], methods: ['solana_signMessage'], events: [] },
      },
    })
    await wallet.pair(uri as string)
    const [, dappSession] = await Promise.all([wallet.approveNextProposal(), approval()])
    expect(dappSession.namespaces.eip155?.accounts).toEqual([`${mainChain}:${wallet.address}`])
    expect(dappSession.namespaces.solana?.accounts).toEqual([`${solanaChain}:${wallet.solanaAddress}`])
    expect(wallet.activeChain()).toBe(mainChain)
  })

  it('answers solana_signMessage with a signature that verifies against its Solana key, or 4001 when told to reject', async () => {
    const wallet = await newWallet()
    const { dappSession } = await connectSolana(wallet)
    const message = new TextEncoder().encode('Sign in to Walletframe')
    const params = { message: bs58.encode(message), pubkey: wallet.solanaAddress }
    wallet.rejectNextRequest()
    await expect(request(dappSession, 'solana_signMessage', params, solanaChain)).rejects.toMatchObject({
      code: 4001,
    })
    const { signature } = await request<{ signature: string }>(
      dappSession,
      'solana_signMessage',
      params,
      solanaChain,
    )
    const publicKey = new PublicKey(wallet.solanaAddress).toBytes()
    expect(ed25519.verify(bs58.decode(signature), message, publicKey)).toBe(true)
  })

  it('sends solana_signAndSendTransaction to the local cluster, where the transfer lands', async () => {
    const wallet = await newWallet()
    const { dappSession } = await connectSolana(wallet)
    const connection = new Connection(cluster.network.rpcUrls.default.http[0]!, 'confirmed')
    const recipient = Keypair.generate().publicKey
    const payer = new PublicKey(wallet.solanaAddress)
    const message = new TransactionMessage({
      payerKey: payer,
      recentBlockhash: (await connection.getLatestBlockhash()).blockhash,
      instructions: [
        SystemProgram.transfer({ fromPubkey: payer, toPubkey: recipient, lamports: LAMPORTS_PER_SOL / 2 }),
      ],
    }).compileToV0Message()
    const transaction = Buffer.from(new VersionedTransaction(message).serialize()).toString('base64')
    const { signature } = await request<{ signature: string }>(
      dappSession,
      'solana_signAndSendTransaction',
      { transaction },
      solanaChain,
    )
    expect((await connection.getSignatureStatus(signature)).value?.err).toBeNull()
    expect(await connection.getBalance(recipient)).toBe(LAMPORTS_PER_SOL / 2)
  })

  it('approves bip122 chains with its native segwit accounts and answers signMessage over the relay (BIP-322)', async () => {
    const wallet = await newWallet()
    const bitcoinTestnet = 'bip122:000000000933ea01ad0ee984209779ba'
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: {
        bip122: { chains: [bitcoinMainnet, bitcoinTestnet], methods: ['signMessage'], events: [] },
      },
    })
    await wallet.pair(uri as string)
    const [, dappSession] = await Promise.all([wallet.approveNextProposal(), approval()])
    const testnetAddress = wallet.bitcoinAccounts[bitcoinTestnet]?.address as string
    expect(wallet.bitcoinAddress).toMatch(/^bc1q/)
    expect(testnetAddress).toMatch(/^tb1q/)
    expect(dappSession.namespaces.bip122).toEqual({
      chains: [bitcoinMainnet, bitcoinTestnet],
      accounts: [`${bitcoinMainnet}:${wallet.bitcoinAddress}`, `${bitcoinTestnet}:${testnetAddress}`],
      methods: ['signMessage', 'sendTransfer', 'signPsbt', 'getAccountAddresses'],
      events: [],
    })
    const message = 'Sign in to Walletframe with Bitcoin'
    const { address, signature } = await request<{ address: string; signature: string }>(
      dappSession,
      'signMessage',
      { account: wallet.bitcoinAddress, message },
      bitcoinMainnet,
    )
    expect(address).toBe(wallet.bitcoinAddress)
    expect(Verifier.verifySignature(wallet.bitcoinAddress, message, signature)).toBe(true)
  })
})
