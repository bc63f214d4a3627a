import { ApiErrorBody, FrameConfig, HostInit, HostToFrame, InjectedWalletInfo, ProjectConfigResponse } from '@walletframe/protocol'
import { RegistryWallet, WalletsResponse } from '@walletframe/protocol/walletRegistry'

const input: unknown = (globalThis as { input?: unknown }).input
export const results = [
  HostToFrame.safeParse(input),
  HostInit.safeParse(input),
  FrameConfig.safeParse(input),
  ProjectConfigResponse.safeParse(input),
  ApiErrorBody.safeParse(input),
  InjectedWalletInfo.safeParse(input),
  WalletsResponse.safeParse(input),
  RegistryWallet.safeParse(input),
]
