// @vitest-environment jsdom
import { cleanup, fireEvent, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { TokenIcon } from './TokenIcon.js'

afterEach(cleanup)

describe('TokenIcon', () => {
  it("shows the API's icon, and the token's letter once it fails to load", () => {
    const { container } = render(
      <TokenIcon iconUrl="https://api.test/v1/tokens/eip155:1/0xabc/icon" symbol="USDC" />,
    )
    const image = container.querySelector('img') as HTMLImageElement
    expect(image.getAttribute('src')).toBe('https://api.test/v1/tokens/eip155:1/0xabc/icon')
    fireEvent.error(image)
    expect(container.querySelector('img')).toBeNull()
    expect(container.textContent).toBe('U')
  })

  it('shows the letter when the balance names no icon', () => {
    const { container } = render(<TokenIcon iconUrl="" symbol="DAI" />)
    expect(container.querySelector('img')).toBeNull()
    expect(container.textContent).toBe('D')
  })
})
