// French, as wallets in French say it ("portefeuille", "réseau", "signer"); French spacing before
// high punctuation uses a narrow no-break space.
import type { Catalog } from './Catalog.js'

export const catalog: Catalog = {
  boot: {
    back: 'Retour',
    close: 'Fermer',
    loading: 'Chargement…',
    titles: {
      Connect: 'Connecter un portefeuille',
      ConnectingSiwe: 'Connexion',
      ConnectingFarcaster: 'Farcaster',
      UnsupportedChain: 'Changer de réseau',
      Account: 'Compte',
      AllWallets: 'Tous les portefeuilles',
      ConnectingWalletConnectBasic: 'Connecter un portefeuille',
      SIWXSignMessage: 'Connexion',
      ApproveTransaction: 'Approuver la transaction',
      ReviewRequest: 'Vérifier la demande',
      RegisterAccountName: 'Choisir un nom',
      RegisterAccountNameSuccess: 'Nom enregistré',
      Networks: 'Choisir un réseau',
      ConnectingWalletConnect: 'Ouvrir le portefeuille',
      WalletRequest: 'En attente du portefeuille',
      WalletSend: 'Envoyer',
      WalletReceive: 'Recevoir',
      Swap: 'Échanger',
      SwapPreview: 'Vérifier l’échange',
      WalletBuy: 'Acheter',
      OnRampActivity: 'Achats',
      UpdateEmailWallet: 'Modifier l’e-mail',
    },
    connect: {
      qrCode: 'QR code',
      recent: 'Récent',
      browserWallets: 'Portefeuilles du navigateur',
      connecting: 'Connexion…',
      installed: 'Installé',
      noWallets:
        'Aucun portefeuille de navigateur n’a été trouvé sur cette page. Installez une extension de portefeuille, puis rouvrez cette fenêtre.',
      lookingForWallets: 'Recherche de portefeuilles…',
      allWallets: 'Tous les portefeuilles',
    },
  },
  views: {
    notAvailable: (feature) => `${feature} n’est pas disponible dans cette version de Walletframe.`,
    signInFeature: 'La connexion par message signé',
    allWallets: {
      search: 'Rechercher un portefeuille',
      noMatch: (query) => `Aucun portefeuille ne correspond à « ${query} ».`,
      showMore: (count) => `Afficher plus (${count})`,
      loading: 'Chargement des portefeuilles…',
    },
    walletConnect: {
      preparing: 'Préparation d’un lien de connexion…',
      scan: 'Scannez avec l’app portefeuille de votre téléphone, ou copiez le lien dans un portefeuille ouvert.',
      tryAgain: 'Réessayer',
      continueIn: (wallet) => `Continuez dans ${wallet}.`,
      acceptIn: (wallet) => `Acceptez la demande de connexion dans ${wallet}.`,
      open: (wallet) => `Ouvrir ${wallet}`,
      preparingButton: 'Préparation…',
      notInstalled: (wallet) => `Vous n’avez pas ${wallet} ?`,
      getIt: 'L’installer',
      useAnother: 'Utiliser un autre portefeuille',
      showQr: 'Afficher plutôt le QR code',
    },
    siwx: {
      thisApp: 'Cette app',
      yourWallet: 'votre portefeuille',
      needsToConnect: ' doit se connecter à votre portefeuille',
      signToProve: (wallet) =>
        `Signez ce message avec ${wallet} pour prouver que ce compte vous appartient et continuer.`,
      cancellingDisconnects: ' Annuler vous déconnectera.',
      cancel: 'Annuler',
      sign: 'Signer',
      signing: 'Signature…',
    },
    networks: {
      active: 'Actif',
      unsupported:
        'Cette app ne prend pas en charge votre réseau actuel. Passez à un réseau disponible pour continuer.',
    },
    account: {
      notConnected: 'Aucun compte n’est connecté.',
      noAccountOn: (network) =>
        `Ce portefeuille n’a pas de compte sur ${network}. Choisissez un autre réseau.`,
      noAccountHere: 'Ce portefeuille n’a pas de compte sur ce réseau. Choisissez un autre réseau.',
      network: 'Réseau',
      unsupportedNetwork: 'Non pris en charge',
      features: { onramp: 'Acheter', swaps: 'Échanger', receive: 'Recevoir', send: 'Envoyer' },
      tabsLabel: 'Compte',
      tabs: { Tokens: 'Jetons', NFTs: 'NFT', Activity: 'Activité' },
      disconnect: 'Se déconnecter',
      copyAddress: (address) => `Copier l’adresse ${address}`,
      chooseName: 'Choisir un nom',
    },
  },
}
