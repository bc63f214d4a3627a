// SPDX-License-Identifier: MIT
// A devnet smart account that answers ERC-1271 `isValidSignature`, which eth-infinitism's
// SimpleAccount v0.7 does not, and its CREATE2 factory, so sign-in can be tested with deployed
// (ERC-1271) and not yet deployed (ERC-6492) contract accounts. Not for production: see isValidSignature.
pragma solidity ^0.8.20;

import {IERC1271} from "@openzeppelin/contracts/interfaces/IERC1271.sol";
import {Create2} from "@openzeppelin/contracts/utils/Create2.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";

contract Erc1271Account is IERC1271 {
    address public immutable owner;

    error NotOwner();

    constructor(address owner_) {
        owner = owner_;
    }

    /// The hash is used as it is given, with no EIP-191 prefix added: a verifier that checks an
    /// EIP-191 message (SIWE, personal_sign) passes hashMessage(message), so the owner signs that
    /// digest itself (viem `sign({ hash })`), not the message with personal_sign (which would prefix
    /// twice). The hash is not bound to this account (no ERC-7739 wrapping), so one owner signature is
    /// valid for every account that owner has; acceptable on a devnet, not with real funds.
    function isValidSignature(bytes32 hash, bytes memory signature) external view returns (bytes4) {
        (address recovered, ECDSA.RecoverError error) = ECDSA.tryRecover(hash, signature);
        if (error == ECDSA.RecoverError.NoError && recovered == owner) return IERC1271.isValidSignature.selector;
        return 0xffffffff;
    }

    /// Lets the owner use the account (send value, call contracts) in tests.
    function execute(address target, uint256 value, bytes calldata data) external returns (bytes memory) {
        if (msg.sender != owner) revert NotOwner();
        (bool ok, bytes memory result) = target.call{value: value}(data);
        if (!ok) {
            assembly {
                revert(add(result, 32), mload(result))
            }
        }
        return result;
    }

    receive() external payable {}
}

contract Erc1271AccountFactory {
    event AccountCreated(address indexed account, address indexed owner, uint256 salt);

    /// Returns the existing account when there is one, so the factory call that an ERC-6492
    /// signature carries stays harmless once the account is deployed.
    function createAccount(address owner, uint256 salt) external returns (address account) {
        account = getAddress(owner, salt);
        if (account.code.length > 0) return account;
        account = address(new Erc1271Account{salt: bytes32(salt)}(owner));
        emit AccountCreated(account, owner, salt);
    }

    function getAddress(address owner, uint256 salt) public view returns (address) {
        bytes32 initCodeHash =
            keccak256(abi.encodePacked(type(Erc1271Account).creationCode, abi.encode(owner)));
        return Create2.computeAddress(bytes32(salt), initCodeHash);
    }
}
