// The API's fixtures merged with the WalletConnect relay and test wallet's, for specs that need both,
// and the check each of them makes after every test: nothing the page or the frame did left the machine.
import { mergeTests } from '@playwright/test'
import { test as apiTest } from './api.js'
import { expect, test as walletConnectTest } from './walletConnect.js'

export const test = mergeTests(apiTest, walletConnectTest)

/** An afterEach hook: every request and socket went to a host of the stack. */
export function nothingLeftTheMachine({ outbound }: { outbound: string[] }) {
  expect(outbound).toEqual([])
}
