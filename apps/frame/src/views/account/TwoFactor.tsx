// Account's "Two-factor authentication" for an embedded wallet: turn on an authenticator app (its
// otpauth:// URI as a QR code and the secret as text, a first code to confirm, then the ten recovery
// codes, shown once) or turn it off with a code. The wallet code it calls is the embedded chunk, already
// loaded while the embedded wallet is connected; this component loads with Account's first use of it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { TotpStartResponse } from '@walletframe/protocol'
import { useState } from 'react'
import { formatEther, parseEther } from 'viem'
import { useFrame } from '../../app/context.js'
import { QrCode } from '../../components/QrCode.js'
import { useEmbeddedLogin } from '../../components/useEmbeddedLogin.js'
import { useLocale } from '../../components/useMessages.js'
import { useStore } from '../../components/useStore.js'
import { useViewMessages } from '../../components/useViewMessages.js'
import type { SecondFactor } from '../../lib/embeddedLogin.js'
import * as SecondFactorQueries from '../../queries/secondFactor.js'

export function TwoFactor() {
  const frame = useFrame()
  const connection = useStore(frame.core.connection)
  const info = connection.connector?.embeddedWalletInfo
  const factor = useEmbeddedLogin(Boolean(info))?.secondFactor
  if (connection.status !== 'connected' || !info || !factor) return null
  return (
    <Settings factor={factor} user={`${info.authProvider}:${info.user.email ?? info.user.username ?? ''}`} />
  )
}

function Settings({ factor, user }: { factor: SecondFactor; user: string }) {
  const status = useQuery(SecondFactorQueries.status(factor, user))
  const [enrolment, setEnrolment] = useState<TotpStartResponse>()
  const [recoveryCodes, setRecoveryCodes] = useState<readonly string[]>()
  const start = useMutation({ mutationFn: () => factor.start(), onSuccess: setEnrolment })
  const messages = useViewMessages().security.twoFactor
  return (
    <section className="wf-stack" data-testid="wf-totp" aria-label={messages.title}>
      <h3>{messages.title}</h3>
      {status.isError ? (
        <p className="wf-error" role="alert">
          {status.error.message}
        </p>
      ) : null}
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(undefined)} />
      ) : enrolment ? (
        <Enrol
          factor={factor}
          enrolment={enrolment}
          onEnabled={(codes) => {
            setEnrolment(undefined)
            setRecoveryCodes(codes)
          }}
        />
      ) : status.data?.enabled ? (
        <>
          <Disable factor={factor} recoveryCodesLeft={status.data.recoveryCodesLeft} />
          <SendThreshold factor={factor} threshold={status.data.sendThreshold} />
        </>
      ) : status.data ? (
        <>
          <p className="wf-muted" data-testid="wf-totp-off">
            {messages.off}
          </p>
          {start.isError ? (
            <p className="wf-error" role="alert">
              {start.error.message}
            </p>
          ) : null}
          <button
            type="button"
            className="wf-button wf-button-secondary"
            data-testid="wf-totp-start"
            disabled={start.isPending}
            onClick={() => start.mutate()}
          >
            {messages.setUp}
          </button>
        </>
      ) : null}
    </section>
  )
}

function CodeForm(props: {
  testId: string
  label: string
  submit: string
  pending: boolean
  error: Error | null
  onSubmit(code: string): void
}) {
  const [code, setCode] = useState('')
  return (
    <form
      className="wf-stack"
      onSubmit={(event) => {
        event.preventDefault()
        props.onSubmit(code.trim())
      }}
    >
      {props.error ? (
        <p className="wf-error" role="alert" data-testid={`${props.testId}-error`}>
          {props.error.message}
        </p>
      ) : null}
      <input
        className="wf-input"
        autoComplete="one-time-code"
        aria-label={props.label}
        data-testid={`${props.testId}-input`}
        required
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <button
        type="submit"
        className="wf-button"
        data-testid={`${props.testId}-submit`}
        disabled={props.pending}
      >
        {props.submit}
      </button>
    </form>
  )
}

function Enrol(props: {
  factor: SecondFactor
  enrolment: TotpStartResponse
  onEnabled(codes: readonly string[]): void
}) {
  const queryClient = useQueryClient()
  const messages = useViewMessages().security.twoFactor
  const confirm = useMutation({
    mutationFn: (code: string) => props.factor.confirm(code),
    onSuccess: (confirmed) => {
      props.onEnabled(confirmed.recoveryCodes)
      void queryClient.invalidateQueries({ queryKey: SecondFactorQueries.secondFactorKey })
    },
  })
  return (
    <div className="wf-stack" data-testid="wf-totp-enrol">
      <p className="wf-muted">{messages.scan}</p>
      <QrCode value={props.enrolment.uri} alt={messages.qrAlt} testId="wf-totp-qr" />
      <code data-testid="wf-totp-secret">{props.enrolment.secret}</code>
      <CodeForm
        testId="wf-totp-confirm"
        label={messages.codeFromApp}
        submit={messages.turnOn}
        pending={confirm.isPending}
        error={confirm.error}
        onSubmit={(code) => confirm.mutate(code)}
      />
    </div>
  )
}

function RecoveryCodes(props: { codes: readonly string[]; onDone(): void }) {
  const messages = useViewMessages().security.twoFactor
  return (
    <div className="wf-stack" data-testid="wf-totp-recovery">
      <p>{messages.recoveryCodes}</p>
      <ul data-testid="wf-totp-recovery-codes">
        {props.codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <button type="button" className="wf-button" data-testid="wf-totp-recovery-done" onClick={props.onDone}>
        {messages.saved}
      </button>
    </div>
  )
}

function Disable(props: { factor: SecondFactor; recoveryCodesLeft: number }) {
  const queryClient = useQueryClient()
  const messages = useViewMessages().security.twoFactor
  const locale = useLocale()
  const disable = useMutation({
    mutationFn: (code: string) => props.factor.disable(code),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SecondFactorQueries.secondFactorKey }),
  })
  return (
    <div className="wf-stack" data-testid="wf-totp-on">
      <p className="wf-muted">
        {messages.on} {messages.codesLeft(new Intl.NumberFormat(locale).format(props.recoveryCodesLeft))}
      </p>
      <CodeForm
        testId="wf-totp-disable"
        label={messages.codeToTurnOff}
        submit={messages.turnOff}
        pending={disable.isPending}
        error={disable.error}
        onSubmit={(code) => disable.mutate(code)}
      />
    </div>
  )
}

/**
 * The amount of native coin above which a send asks for a fresh code. Setting it takes a code too, so
 * that a script with the session alone cannot raise it.
 */
function SendThreshold(props: { factor: SecondFactor; threshold: string | null }) {
  const queryClient = useQueryClient()
  const messages = useViewMessages().security.twoFactor
  const [amount, setAmount] = useState(props.threshold === null ? '' : formatEther(BigInt(props.threshold)))
  const save = useMutation({
    mutationFn: (code: string) =>
      props.factor.setThreshold(amount.trim() === '' ? null : parseEther(amount.trim()).toString(), code),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SecondFactorQueries.secondFactorKey }),
  })
  return (
    <div className="wf-stack" data-testid="wf-totp-threshold">
      <p className="wf-muted" data-testid="wf-totp-threshold-current">
        {props.threshold === null ? messages.noCode : messages.codeOver(formatEther(BigInt(props.threshold)))}
      </p>
      <input
        className="wf-input"
        inputMode="decimal"
        aria-label={messages.askOver}
        data-testid="wf-totp-threshold-amount"
        pattern="\d*\.?\d*"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
      />
      <CodeForm
        testId="wf-totp-threshold-code"
        label={messages.codeToSave}
        submit={messages.saveAmount}
        pending={save.isPending}
        error={save.error}
        onSubmit={(code) => save.mutate(code)}
      />
    </div>
  )
}
