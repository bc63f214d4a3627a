// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { decode, encode } from './base58.js'

// Vectors as the bs58 package (and Bitcoin) encode them.
const vectors: [number[], string][] = [
  [[], ''],
  [[...new TextEncoder().encode('Hello World!')], '2NEpo7TZRRrLZSi2U'],
  [[0, 0, 0, 1], '1112'],
  [[0, 0, 0x28, 0x7f, 0xb4, 0xcd], '11233QC4'],
]

describe('decode', () => {
  it('reads known vectors, leading zero bytes included', () => {
    for (const [bytes, text] of vectors) expect([...decode(text)!]).toEqual(bytes)
  })

  it('refuses characters outside the alphabet (0, O, I, l)', () => {
    for (const text of ['0', 'O1', 'Il', 'abc!']) expect(decode(text)).toBeUndefined()
  })
})

describe('encode', () => {
  it('writes known vectors and round-trips a 64-byte signature', () => {
    for (const [bytes, text] of vectors) expect(encode(Uint8Array.from(bytes))).toBe(text)
    const signature = Uint8Array.from({ length: 64 }, (_, i) => (i * 37) % 256)
    expect([...decode(encode(signature))!]).toEqual([...signature])
  })
})
