// The checks the channel runs on what the frame sends, loaded with import() as the channel opens
// (Channel.ts): only these three, so the chunk carries no other guard of the protocol.
export { isFrameReady, isFrameToHost, isRequestId } from '@walletframe/protocol/guards'
