// A strict EIP-4361 parser: the whole message must follow the ABNF, line by line, or it is refused.
// viem's parseSiweMessage is a lenient extractor (it finds "URI: …" anywhere after the address,
// accepts addresses without checksum and cannot read an authority with userinfo); a verifier has to
// know that the text the wallet showed is exactly the fields it checks.
// https://eips.ethereum.org/EIPS/eip-4361#message-format
import { type Address, getAddress, isAddress } from 'viem'
import { isRfc3339, isUri } from './formats.js'

export type Fields = {
  scheme?: string
  domain: string
  address: Address
  statement?: string
  uri: string
  version: '1'
  chainId: number
  nonce: string
  issuedAt: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
}

export class ParseError extends Error {
  override readonly name = 'Eip4361ParseError'
}

const header = /^(?:([a-zA-Z][a-zA-Z0-9+.-]*):\/\/)?(\S+) wants you to sign in with your Ethereum account:$/
// RFC 3986 authority with an RFC 4501 (DNS) host: [userinfo@]host[:port], host a DNS name, IPv4 or [IPv6].
const authority =
  /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:%]*@)?(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/
const nonce = /^[a-zA-Z0-9]{8,}$/
// request-id = *pchar
const requestId = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})*$/

export function parse(message: string): Fields {
  if (message.includes('\r')) throw new ParseError('Line breaks must be LF, not CR LF')
  const lines = message.split('\n')
  let index = 0
  const next = () => lines[index++]

  const head = header.exec(next() ?? '')
  if (!head)
    throw new ParseError('The first line must be "<domain> wants you to sign in with your Ethereum account:"')
  const [, scheme, domain] = head as unknown as [string, string | undefined, string]
  if (!authority.test(domain)) throw new ParseError(`The domain "${domain}" is not an RFC 3986 authority`)

  const address = next() ?? ''
  if (!isAddress(address, { strict: false }))
    throw new ParseError('The second line must be the account address')
  // EIP-4361: the address conforms to EIP-55 (a checksum, so a typo cannot name another account).
  if (getAddress(address) !== address) throw new ParseError('The address must be EIP-55 checksummed')

  if (next() !== '') throw new ParseError('A blank line must follow the address')
  // `[ statement LF ] LF`: either a blank line, or a statement line and then a blank line.
  let statement: string | undefined
  const afterAddress = next()
  if (afterAddress !== '') {
    if (afterAddress === undefined || afterAddress.startsWith('URI: '))
      throw new ParseError('A blank line must come before "URI:"')
    statement = afterAddress
    if (next() !== '') throw new ParseError('The statement must be one line, followed by a blank line')
  }

  const field = (label: string, optional = false): string | undefined => {
    const line = lines[index]
    if (line?.startsWith(`${label}: `)) {
      index++
      return line.slice(label.length + 2)
    }
    if (optional) return undefined
    throw new ParseError(`Expected "${label}: …" on line ${index + 1}`)
  }

  const uri = field('URI')!
  if (!isUri(uri)) throw new ParseError(`The URI "${uri}" is not an RFC 3986 URI`)
  const version = field('Version')
  if (version !== '1') throw new ParseError('The version must be 1')
  const chainId = field('Chain ID')!
  if (!/^\d{1,16}$/.test(chainId) || !Number.isSafeInteger(Number(chainId)))
    throw new ParseError(`The chain id "${chainId}" is not an EIP-155 chain id`)
  const nonceValue = field('Nonce')!
  if (!nonce.test(nonceValue)) throw new ParseError('The nonce must be at least 8 letters and digits')
  const issuedAt = field('Issued At')!
  const expirationTime = field('Expiration Time', true)
  const notBefore = field('Not Before', true)
  for (const [label, value] of [
    ['Issued At', issuedAt],
    ['Expiration Time', expirationTime],
    ['Not Before', notBefore],
  ] as const)
    if (value !== undefined && !isRfc3339(value))
      throw new ParseError(`${label} "${value}" is not an RFC 3339 date-time`)
  const requestIdValue = field('Request ID', true)
  if (requestIdValue !== undefined && !requestId.test(requestIdValue))
    throw new ParseError('The request id may only contain URI path characters')

  let resources: string[] | undefined
  if (lines[index] === 'Resources:') {
    index++
    resources = []
    while (index < lines.length) {
      const line = lines[index++] as string
      const resource = line.startsWith('- ') ? line.slice(2) : undefined
      if (resource === undefined || !isUri(resource))
        throw new ParseError(`Each resource must be "- <RFC 3986 URI>" on its own line, not "${line}"`)
      resources.push(resource)
    }
  }
  if (index < lines.length) throw new ParseError(`Unexpected line ${index + 1}: "${lines[index]}"`)

  return {
    ...(scheme !== undefined ? { scheme } : {}),
    domain,
    address,
    ...(statement !== undefined ? { statement } : {}),
    uri,
    version,
    chainId: Number(chainId),
    nonce: nonceValue,
    issuedAt,
    ...(expirationTime !== undefined ? { expirationTime } : {}),
    ...(notBefore !== undefined ? { notBefore } : {}),
    ...(requestIdValue !== undefined ? { requestId: requestIdValue } : {}),
    ...(resources !== undefined ? { resources } : {}),
  }
}
