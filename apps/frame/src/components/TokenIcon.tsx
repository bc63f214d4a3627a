// A token's icon: the API's cached copy when the balance names one, else (and when it fails to load)
// the token's first letter in a circle.
import { useState } from 'react'

export function TokenIcon(props: { iconUrl: string; symbol: string }) {
  const [failed, setFailed] = useState<string>()
  if (props.iconUrl && props.iconUrl !== failed)
    return (
      <img className="wf-token-icon" src={props.iconUrl} alt="" onError={() => setFailed(props.iconUrl)} />
    )
  return (
    <span className="wf-token-icon" aria-hidden="true">
      {props.symbol.slice(0, 1)}
    </span>
  )
}
