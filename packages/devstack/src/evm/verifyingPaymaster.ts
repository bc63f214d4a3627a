// The devnets' verifying paymaster (contracts/VerifyingPaymaster.sol) and its signer's side: where the
// contract lands, how it is deployed and funded, and how an operation is signed for it. The signer is
// an anvil account no test uses; the devstack's paymaster service (../paymaster/) signs with it.
import {
  type Address,
  concat,
  encodeAbiParameters,
  encodeDeployData,
  getContractAddress,
  type Hex,
  keccak256,
  numberToHex,
  parseEther,
  size,
  slice,
} from 'viem'
import { entryPoint07Address, toPackedUserOperation, type UserOperation } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import { evmAccount } from '../accounts.js'
import { FixtureError } from '../errors.js'
import { artifacts } from './artifacts.js'
import type { Transactor } from './Transactor.js'

/** Anvil account 14 signs for the paymaster: no test user (0-9), bundler (16, 17), fee recipient (18) or deployer (19). */
export const signerIndex = 14
export const signer: Address = evmAccount(signerIndex).address

/** What the deployer puts in the paymaster's EntryPoint deposit: sponsored gas comes out of it. */
export const initialDeposit = parseEther('100')

/** Gas the paymaster's validation may use (about 30k are used: one recover, a few hashes). */
export const verificationGasLimit = 100_000n
/** The contract has no postOp work (its context is empty). */
export const postOpGasLimit = 0n
/** How long a paymaster signature stays good: long enough for a user to approve and a bundler to land it. */
export const validForSeconds = 600

const salt: Hex = `0x${'00'.repeat(32)}`

function init(entryPoint: Address): Hex {
  const { abi, bytecode } = artifacts.verifyingPaymaster()
  return encodeDeployData({ abi, bytecode, args: [entryPoint, signer] })
}

export function predict(create2Deployer: Address, entryPoint: Address = entryPoint07Address): Address {
  return getContractAddress({ opcode: 'CREATE2', from: create2Deployer, salt, bytecode: init(entryPoint) })
}

export declare namespace deploy {
  type Options = {
    /** Sends the deployment (through the CREATE2 proxy at `create2Deployer`) and the deposit. */
    deployer: Address
    create2Deployer: Address
    entryPoint?: Address
  }
}

/** Deploys the paymaster and funds its EntryPoint deposit; returns its address. */
export async function deploy(tx: Transactor, options: deploy.Options): Promise<Address> {
  const entryPoint = options.entryPoint ?? entryPoint07Address
  const address = predict(options.create2Deployer, entryPoint)
  await tx.send(
    {
      from: options.deployer,
      to: options.create2Deployer,
      data: `${salt}${init(entryPoint).slice(2)}` as Hex,
    },
    'deploy VerifyingPaymaster',
  )
  if ((await tx.code(address)) === '0x')
    throw new FixtureError(`VerifyingPaymaster has no code at ${address}`)
  await tx.call(options.deployer, address, artifacts.verifyingPaymaster().abi, 'deposit', [], initialDeposit)
  return address
}

/** An operation as ERC-7677's pm_* methods carry it, already parsed: what the hash needs of it. */
export type Operation = Pick<
  UserOperation<'0.7'>,
  | 'sender'
  | 'nonce'
  | 'factory'
  | 'factoryData'
  | 'callData'
  | 'callGasLimit'
  | 'verificationGasLimit'
  | 'preVerificationGas'
  | 'maxFeePerGas'
  | 'maxPriorityFeePerGas'
>

/** The contract's getHash: the operation's fields, the chain, the paymaster and the window. */
export function hash(
  operation: Operation,
  window: { validUntil: number; validAfter: number },
  where: { chainId: number; paymaster: Address },
): Hex {
  const packed = toPackedUserOperation({
    ...operation,
    signature: '0x',
    paymaster: where.paymaster,
    paymasterVerificationGasLimit: verificationGasLimit,
    paymasterPostOpGasLimit: postOpGasLimit,
    paymasterData: '0x',
  } as UserOperation<'0.7'>)
  return keccak256(
    encodeAbiParameters(
      [
        { type: 'address' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'address' },
        { type: 'uint48' },
        { type: 'uint48' },
      ],
      [
        packed.sender,
        packed.nonce,
        keccak256(packed.initCode),
        keccak256(packed.callData),
        packed.accountGasLimits,
        slice(packed.paymasterAndData, 20, 52),
        packed.preVerificationGas,
        packed.gasFees,
        BigInt(where.chainId),
        where.paymaster,
        window.validUntil,
        window.validAfter,
      ],
    ),
  )
}

/** paymasterData: validUntil (6 bytes) | validAfter (6 bytes) | signature. */
export function paymasterData(window: { validUntil: number; validAfter: number }, signature: Hex): Hex {
  return concat([
    numberToHex(window.validUntil, { size: 6 }),
    numberToHex(window.validAfter, { size: 6 }),
    signature,
  ])
}

/** A placeholder of the real data's length, for gas estimation: its signature recovers to no signer. */
export const stubPaymasterData: Hex = paymasterData({ validUntil: 0, validAfter: 0 }, `0x${'ff'.repeat(65)}`)
if (size(stubPaymasterData) !== 77) throw new FixtureError('the paymaster stub data is not 77 bytes')

/** Signs `operation` for the paymaster at `where.paymaster`, valid from now for validForSeconds. */
export async function sign(
  operation: Operation,
  where: { chainId: number; paymaster: Address },
  now: number = Math.floor(Date.now() / 1000),
): Promise<Hex> {
  const window = { validUntil: now + validForSeconds, validAfter: 0 }
  const account = privateKeyToAccount(evmAccount(signerIndex).privateKey)
  const signature = await account.signMessage({ message: { raw: hash(operation, window, where) } })
  return paymasterData(window, signature)
}
