// The channel's name and protocol version, spelled out: the core imports nothing at runtime that the
// lazily loaded checks (the protocol's guards) import too, or a host's bundler would move it into a
// third file that the core loads as well. Their types keep them equal to the protocol's.
import type { channelName as name, protocolVersion as version } from '@walletframe/protocol/guards'

export const channelName = 'walletframe' satisfies typeof name
export const protocolVersion = 1 satisfies typeof version
