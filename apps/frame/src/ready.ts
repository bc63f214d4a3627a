// The frame's early script, bundled on its own as a classic script (deploy/earlyReady.ts): it says
// frame:ready as the page starts, in the protocol's words, and keeps the host's handshake for the app.
import { channelName, protocolVersion } from '@walletframe/protocol/guards'
import { announce, earlyKey, keptMost } from './host/earlyReady.js'

announce(window, { channel: channelName, type: 'frame:ready', version: protocolVersion }, earlyKey, keptMost)
