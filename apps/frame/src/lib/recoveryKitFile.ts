// The recovery kit as the file the user saves: pretty JSON (people open it to check it is theirs), named
// for the wallet so two kits do not overwrite each other. A Blob URL, never a data: URL: Chromium
// refuses to navigate a frame to data: and the kit never has to leave the frame's memory for it.
import type { RecoveryKit } from '@walletframe/protocol'

export const mediaType = 'application/json'

export function nameOf(kit: Pick<RecoveryKit, 'addresses'>): string {
  return `walletframe-recovery-kit-${kit.addresses.eip155.slice(0, 10).toLowerCase()}.json`
}

export function textOf(kit: RecoveryKit): string {
  return `${JSON.stringify(kit, null, 2)}\n`
}

/** The kit's file: its name and an object URL the caller revokes (`revoke`) once it is no longer offered. */
export function create(
  kit: RecoveryKit,
  urls: Pick<typeof URL, 'createObjectURL' | 'revokeObjectURL'> = URL,
): { name: string; url: string; revoke(): void } {
  const url = urls.createObjectURL(new Blob([textOf(kit)], { type: mediaType }))
  return { name: nameOf(kit), url, revoke: () => urls.revokeObjectURL(url) }
}
