// @vitest-environment jsdom
import { cleanup, fireEvent, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { letterTile, WalletLogo } from './WalletLogo.js'

afterEach(cleanup)

const tile = 'data:image/svg+xml,%3Csvg%3E%3C%2Fsvg%3E'

describe('WalletLogo', () => {
  it("shows the API's logo, and the letter tile once it fails to load", () => {
    const { container } = render(
      <WalletLogo wallet={{ imageUrl: tile }} src="https://api.test/v1/wallets/metamask/logo" size={32} />,
    )
    const image = container.querySelector('img') as HTMLImageElement
    expect(image.getAttribute('src')).toBe('https://api.test/v1/wallets/metamask/logo')
    expect(image.dataset.logo).toBe('image')
    fireEvent.error(image)
    expect(image.getAttribute('src')).toBe(tile)
    expect(image.dataset.logo).toBe('letters')
  })

  it('shows the letter tile without an API', () => {
    const { container } = render(<WalletLogo wallet={{ imageUrl: tile }} src={undefined} size={32} />)
    expect(container.querySelector('img')?.getAttribute('src')).toBe(tile)
  })
})

describe('letterTile', () => {
  it('never points the frame at a remote image', () => {
    expect(letterTile({ imageUrl: tile })).toBe(tile)
    expect(letterTile({ imageUrl: 'https://tracker.example/logo.png' })).toBeUndefined()
    expect(letterTile({ imageUrl: 'data:text/html,<script>alert(1)</script>' })).toBeUndefined()
  })
})
