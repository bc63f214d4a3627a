// Japanese, as wallets in Japanese say it (「ウォレット」「ネットワーク」「署名」), in the polite form.
import type { Catalog } from './Catalog.js'

export const catalog: Catalog = {
  boot: {
    back: '戻る',
    close: '閉じる',
    loading: '読み込み中…',
    titles: {
      Connect: 'ウォレットを接続',
      ConnectingSiwe: 'サインイン',
      ConnectingFarcaster: 'Farcaster',
      UnsupportedChain: 'ネットワークを切り替え',
      Account: 'アカウント',
      AllWallets: 'すべてのウォレット',
      ConnectingWalletConnectBasic: 'ウォレットを接続',
      SIWXSignMessage: 'サインイン',
      ApproveTransaction: 'トランザクションを承認',
      ReviewRequest: 'リクエストを確認',
      RegisterAccountName: '名前を選択',
      RegisterAccountNameSuccess: '名前を登録しました',
      Networks: 'ネットワークを選択',
      ConnectingWalletConnect: 'ウォレットを開く',
      WalletRequest: 'ウォレットの応答待ち',
      WalletSend: '送金',
      WalletReceive: '受け取る',
      Swap: 'スワップ',
      SwapPreview: 'スワップを確認',
      WalletBuy: '購入',
      OnRampActivity: '購入履歴',
      UpdateEmailWallet: 'メールアドレスを変更',
    },
    connect: {
      qrCode: 'QRコード',
      recent: '最近使用',
      browserWallets: 'ブラウザのウォレット',
      connecting: '接続中…',
      installed: 'インストール済み',
      noWallets:
        'このページでブラウザのウォレットが見つかりませんでした。ウォレットの拡張機能をインストールしてから、このウィンドウをもう一度開いてください。',
      lookingForWallets: 'ウォレットを探しています…',
      allWallets: 'すべてのウォレット',
    },
  },
  views: {
    notAvailable: (feature) => `${feature}は、このバージョンのWalletframeではご利用いただけません。`,
    signInFeature: '署名メッセージによるサインイン',
    allWallets: {
      search: 'ウォレットを検索',
      noMatch: (query) => `「${query}」に一致するウォレットはありません。`,
      showMore: (count) => `さらに表示（${count}）`,
      loading: 'ウォレットを読み込み中…',
    },
    walletConnect: {
      preparing: '接続用リンクを準備しています…',
      scan: 'スマートフォンのウォレットアプリでスキャンするか、開いているウォレットにリンクをコピーしてください。',
      tryAgain: '再試行',
      continueIn: (wallet) => `${wallet}で続行してください。`,
      acceptIn: (wallet) => `${wallet}で接続リクエストを承認してください。`,
      open: (wallet) => `${wallet}を開く`,
      preparingButton: '準備中…',
      notInstalled: (wallet) => `${wallet}をお持ちでない場合`,
      getIt: '入手する',
      useAnother: '別のウォレットを使う',
      showQr: '代わりにQRコードを表示',
    },
    siwx: {
      thisApp: 'このアプリ',
      yourWallet: 'お使いのウォレット',
      needsToConnect: 'があなたのウォレットへの接続を求めています',
      signToProve: (wallet) =>
        `このアカウントの所有者であることを証明して続行するには、${wallet}でこのメッセージに署名してください。`,
      cancellingDisconnects: 'キャンセルすると接続が解除されます。',
      cancel: 'キャンセル',
      sign: '署名する',
      signing: '署名中…',
    },
    networks: {
      active: '使用中',
      unsupported:
        'このアプリは現在のネットワークに対応していません。続行するには、利用可能なネットワークに切り替えてください。',
    },
    account: {
      notConnected: 'アカウントが接続されていません。',
      noAccountOn: (network) =>
        `このウォレットには${network}のアカウントがありません。別のネットワークを選択してください。`,
      noAccountHere:
        'このウォレットにはこのネットワークのアカウントがありません。別のネットワークを選択してください。',
      network: 'ネットワーク',
      unsupportedNetwork: '非対応',
      features: { onramp: '購入', swaps: 'スワップ', receive: '受け取る', send: '送金' },
      tabsLabel: 'アカウント',
      tabs: { Tokens: 'トークン', NFTs: 'NFT', Activity: 'アクティビティ' },
      disconnect: '接続を解除',
      copyAddress: (address) => `アドレス ${address} をコピー`,
      chooseName: '名前を選ぶ',
    },
  },
}
