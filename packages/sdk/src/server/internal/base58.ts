// Base58 (Bitcoin alphabet), the form of Solana addresses and signatures. A few lines here instead of
// a dependency: verification decodes one 32-byte key and one 64-byte signature per session.
const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** The bytes of a base58 string, or undefined when it holds a character outside the alphabet. */
export function decode(value: string): Uint8Array | undefined {
  let number = 0n
  for (const char of value) {
    const digit = alphabet.indexOf(char)
    if (digit < 0) return undefined
    number = number * 58n + BigInt(digit)
  }
  const bytes: number[] = []
  for (; number > 0n; number >>= 8n) bytes.unshift(Number(number & 0xffn))
  // Each leading '1' stands for a leading zero byte.
  let zeros = 0
  while (value[zeros] === '1') zeros++
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...bytes])
}

export function encode(bytes: Uint8Array): string {
  let number = 0n
  for (const byte of bytes) number = (number << 8n) | BigInt(byte)
  let out = ''
  for (; number > 0n; number /= 58n) out = alphabet[Number(number % 58n)] + out
  let zeros = 0
  while (bytes[zeros] === 0) zeros++
  return '1'.repeat(zeros) + out
}
