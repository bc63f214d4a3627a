// SPDX-License-Identifier: MIT
// The embedded wallet's ERC-4337 (EntryPoint v0.7) smart account on the devnets: Solady's ERC4337
// account (execute / executeBatch, ERC-1271 with ERC-7739 nested typed data) behind minimal ERC-1967
// proxies, and a factory with the interface viem's `toSoladySmartAccount` calls:
// createAccount(owner, salt) and getAddress(salt).
pragma solidity ^0.8.20;

import {ERC4337} from "solady/src/accounts/ERC4337.sol";
import {LibClone} from "solady/src/utils/LibClone.sol";

/// ERC4337's constructor gives the implementation itself owner address(1), so only proxies get
/// real owners.
contract SmartAccount is ERC4337 {
    /// The EIP-712 domain ERC-7739 signatures are bound to (with this chain and account address).
    function _domainNameAndVersion() internal pure override returns (string memory, string memory) {
        return ("WalletframeSmartAccount", "1");
    }
}

contract SmartAccountFactory {
    address public immutable implementation;

    /// The salt does not start with the owner's address.
    error SaltNotOwned();

    constructor(address erc4337) {
        implementation = erc4337;
    }

    /// Deploys the owner's account (or returns it when deployed). The salt's upper 160 bits must be
    /// the owner, so an address predicted from a salt can only ever belong to that owner: nobody
    /// can deploy someone else's counterfactual address with another owner first.
    function createAccount(address owner, bytes32 salt) external payable returns (address account) {
        if (address(bytes20(salt)) != owner) revert SaltNotOwned();
        bool deployed;
        (deployed, account) = LibClone.createDeterministicERC1967(msg.value, implementation, salt);
        if (!deployed) SmartAccount(payable(account)).initialize(owner);
    }

    function getAddress(bytes32 salt) external view returns (address) {
        return LibClone.predictDeterministicAddressERC1967(implementation, salt, address(this));
    }
}
