import { RecoveryKit } from '@walletframe/protocol'
import * as Kit from '@walletframe/recover/kit'
import { describe, expect, it } from 'vitest'
import * as RecoveryKitFile from './recoveryKitFile.js'

const kit = await Kit.seal({
  entropy: new Uint8Array(16),
  password: 'correct horse battery',
  iterations: 100_000,
})

describe('nameOf', () => {
  it('names the file for the wallet it rebuilds', () => {
    expect(RecoveryKitFile.nameOf(kit)).toBe('walletframe-recovery-kit-0x9858effd.json')
  })
})

describe('create', () => {
  it('offers the kit as a JSON Blob URL that reads back to the same kit, and revokes it', async () => {
    const blobs = new Map<string, Blob>()
    const urls = {
      createObjectURL: (blob: Blob) => {
        const url = `blob:test/${blobs.size}`
        blobs.set(url, blob)
        return url
      },
      revokeObjectURL: (url: string) => {
        blobs.delete(url)
      },
    }
    const file = RecoveryKitFile.create(kit, urls)
    const blob = blobs.get(file.url) as Blob
    expect(blob.type).toBe('application/json')
    expect(RecoveryKit.parse(JSON.parse(await blob.text()))).toEqual(kit)
    file.revoke()
    expect(blobs.has(file.url)).toBe(false)
  })
})
