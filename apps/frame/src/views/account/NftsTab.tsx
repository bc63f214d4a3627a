// NFTs: the ERC-721 tokens the address holds on the active network, as a grid of cards (image and
// name). The API has already left spam collections out (those it flags `is_spam`).
import { useQuery } from '@tanstack/react-query'
import type { ChainNetwork, Nft } from '@walletframe/protocol'
import { useState } from 'react'
import { useFrame } from '../../app/context.js'
import { useCount, useViewMessages } from '../../components/useViewMessages.js'
import * as Nfts from '../../queries/nfts.js'

export function NftsTab({ network, address }: { network: ChainNetwork; address: string }) {
  const { api } = useFrame()
  const query = useQuery(Nfts.nfts(api, network, address))
  const words = useViewMessages().tabs
  const count = useCount()
  if (query.isPending) return <p className="wf-muted">{words.loadingNfts}</p>
  if (query.isError)
    return (
      <div className="wf-stack" data-testid="wf-nfts-error">
        <p className="wf-muted">{words.nftsFailed(query.error.message)}</p>
        <button
          type="button"
          className="wf-button wf-button-secondary"
          disabled={query.isFetching}
          onClick={() => void query.refetch()}
        >
          {words.tryAgain}
        </button>
      </div>
    )
  if (query.data.length === 0)
    return (
      <p className="wf-muted" data-testid="wf-nfts-empty">
        {words.noNfts}
      </p>
    )
  return (
    <ul className="wf-nft-grid" data-testid="wf-nfts" aria-label={count(words.nftCount, query.data.length)}>
      {query.data.map((nft) => (
        <li
          key={`${nft.contract}:${nft.tokenId}`}
          className="wf-nft"
          data-testid="wf-nft"
          data-contract={nft.contract}
          data-token-id={nft.tokenId}
        >
          <NftImage nft={nft} />
          <span className="wf-nft-name" data-testid="wf-nft-name" title={nft.name}>
            {nft.name}
          </span>
        </li>
      ))}
    </ul>
  )
}

function NftImage({ nft }: { nft: Nft }) {
  // A dead image link shows the collection's symbol instead of the browser's broken-image icon.
  const [failed, setFailed] = useState(false)
  if (!nft.image || failed)
    return (
      <span className="wf-nft-image" aria-hidden="true">
        {nft.collection.symbol}
      </span>
    )
  return (
    <img
      className="wf-nft-image"
      src={nft.image}
      alt={nft.name}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  )
}
