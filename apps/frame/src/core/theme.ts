// Theme: dark by default, light selectable, host CSS variables applied live.
import type { ThemeMode, ThemeVariables } from '@walletframe/protocol'
import * as Store from '../lib/store.js'

export type Theme = { readonly mode: ThemeMode; readonly variables: ThemeVariables }

export function create() {
  return Store.create<Theme>({ mode: 'dark', variables: {} })
}
export type ThemeStore = ReturnType<typeof create>
