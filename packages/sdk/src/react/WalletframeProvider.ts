// Gives the hooks a Walletframe instance: one the host created itself (`instance`), or one this
// provider creates from `options` after mounting — in the browser only, since createWalletframe
// mounts an iframe and server rendering has no document.
import { createElement, type ReactNode, useEffect, useState } from 'react'
import type { Options, Walletframe } from '../createWalletframe.js'
// From the core's entry: the published build keeps it an import of the core (scripts/build.ts).
import { createWalletframe } from '../index.js'
import { WalletframeContext } from './context.js'

export type Props = { children?: ReactNode } & (
  | {
      /** An instance the host created (in the browser; pass undefined while rendering on the server). */
      instance: Walletframe | undefined
      options?: never
    }
  | {
      /** Options for an instance the provider creates after mount and destroys on unmount. */
      options: Options
      instance?: never
    }
)

export function WalletframeProvider(props: Props): ReactNode {
  const [created, setCreated] = useState<Walletframe | undefined>(undefined)
  const { options } = props
  // The options are read once per mount: a new frame for every re-render's fresh object literal
  // would reload the wallet. Remount the provider (a new `key`) to apply others.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (!options) return
    const instance = createWalletframe(options)
    setCreated(instance)
    return () => {
      setCreated(undefined)
      instance.destroy()
    }
  }, [])
  return createElement(WalletframeContext.Provider, { value: props.instance ?? created }, props.children)
}
