// SPDX-License-Identifier: MIT
// The embedded wallet's ERC-4337 (EntryPoint v0.7) smart account on the devnets: Solady's ERC4337
// account (execute / executeBatch, ERC-1271 with ERC-7739 nested typed data) behind minimal ERC-1967
// proxies, and a factory with the interface viem's `toSoladySmartAccount` calls:
// createAccount(owner, salt) and getAddress(salt).
//
// Smart sessions (ERC-7715 grants) are enforced here, in the account's own validation, so a session
// key can do only what its grant allows whoever builds the UserOperation. The account is our own
// rather than an ERC-7579 account with a maintained session module: the session-module packages on
// npm (@rhinestone/module-sdk, @zerodev/permissions) are clients of contracts deployed on public
// chains and ship no deployable bytecode, and @rhinestone/modulekit is a Foundry kit of sources for
// ERC-7579 accounts, which this Solady account is not.
pragma solidity ^0.8.20;

import {ERC4337} from "solady/src/accounts/ERC4337.sol";
import {LibClone} from "solady/src/utils/LibClone.sol";
import {SignatureCheckerLib} from "solady/src/utils/SignatureCheckerLib.sol";

/// ERC4337's constructor gives the implementation itself owner address(1), so only proxies get
/// real owners.
contract SmartAccount is ERC4337 {
    /// A session a grant made: who signs for it, and when. Its calls and limits are in the mappings
    /// below, keyed by the session id.
    struct Session {
        address key;
        uint48 validAfter;
        uint48 validUntil;
        /// Seconds after which the spend limits start again; 0: they hold for the whole session.
        uint48 period;
        bool revoked;
    }

    /// A call a session may make: `selector` on `target`. Selector 0 is a call without data (a
    /// plain transfer); target 0 with selector 0 allows plain transfers to anyone.
    struct CallPolicy {
        address target;
        bytes4 selector;
    }

    /// How much of `token` (address 0: the native coin) a session may move per period: native
    /// value sent, and the amounts of the token's `transfer` and `approve`.
    struct SpendLimit {
        address token;
        uint256 allowance;
    }

    /// A session signature: this mode byte, the session id (32 bytes), the spend period it claims
    /// (uint48) and the session key's 65-byte ECDSA signature of the UserOperation hash. An owner
    /// signature is 64 or 65 bytes, so the two never mix.
    bytes1 internal constant _SESSION_MODE = 0x01;
    uint256 internal constant _SESSION_SIGNATURE_LENGTH = 104;

    bytes4 internal constant _TRANSFER = 0xa9059cbb; // transfer(address,uint256)
    bytes4 internal constant _APPROVE = 0x095ea7b3; // approve(address,uint256)

    mapping(bytes32 id => Session) public sessions;
    mapping(bytes32 id => mapping(address target => mapping(bytes4 selector => bool))) public callAllowed;
    /// The allowance plus one, so 0 reads as "this token may not be spent at all".
    mapping(bytes32 id => mapping(address token => uint256)) internal _limitPlusOne;
    mapping(bytes32 id => mapping(address token => mapping(uint256 period => uint256))) public spent;

    event SessionGranted(bytes32 indexed id, address indexed key, uint48 validUntil);
    event SessionRevoked(bytes32 indexed id);

    error SessionExists(bytes32 id);
    error SessionUnknown(bytes32 id);
    error SessionIsRevoked(bytes32 id);
    error SessionInvalid();
    error SessionPeriodInvalid(uint256 period);
    error CallNotAllowed(uint256 index, address target, bytes4 selector);
    error SpendLimitExceeded(address token, uint256 total, uint256 allowance);

    /// The EIP-712 domain ERC-7739 signatures are bound to (with this chain and account address).
    function _domainNameAndVersion() internal pure override returns (string memory, string memory) {
        return ("WalletframeSmartAccount", "1");
    }

    /// Grants a session; only the owner (through a UserOperation the owner signed, which calls the
    /// account itself). An id is used once: a revoked session cannot be granted again under it.
    function grantSession(
        bytes32 id,
        address key,
        uint48 validAfter,
        uint48 validUntil,
        uint48 period,
        CallPolicy[] calldata calls,
        SpendLimit[] calldata limits
    ) external onlyOwner {
        if (sessions[id].key != address(0)) revert SessionExists(id);
        if (key == address(0) || validUntil <= validAfter) revert SessionInvalid();
        sessions[id] = Session(key, validAfter, validUntil, period, false);
        for (uint256 i; i < calls.length; ++i) {
            callAllowed[id][calls[i].target][calls[i].selector] = true;
        }
        for (uint256 i; i < limits.length; ++i) {
            _limitPlusOne[id][limits[i].token] = limits[i].allowance + 1;
        }
        emit SessionGranted(id, key, validUntil);
    }

    /// Ends a session for good; only the owner.
    function revokeSession(bytes32 id) external onlyOwner {
        if (sessions[id].key == address(0)) revert SessionUnknown(id);
        sessions[id].revoked = true;
        emit SessionRevoked(id);
    }

    /// The allowance of `token` per period, and whether the session may spend it at all.
    function spendLimit(bytes32 id, address token) external view returns (bool limited, uint256 allowance) {
        uint256 stored = _limitPlusOne[id][token];
        return (stored != 0, stored == 0 ? 0 : stored - 1);
    }

    /// An owner signature goes to Solady's check; a session signature is accepted only for a call of
    /// `execute` / `executeBatch` whose every call its session allows, within its spend limits. The
    /// time rules go to the EntryPoint as validAfter / validUntil (validation may not read the
    /// clock): the session's life, narrowed to the spend period the signature claims.
    function _validateSignature(PackedUserOperation calldata userOp, bytes32 userOpHash)
        internal
        override
        returns (uint256 validationData)
    {
        bytes calldata signature = userOp.signature;
        if (signature.length != _SESSION_SIGNATURE_LENGTH || signature[0] != _SESSION_MODE) {
            return super._validateSignature(userOp, userOpHash);
        }
        bytes32 id = bytes32(signature[1:33]);
        uint256 periodIndex = uint48(bytes6(signature[33:39]));
        Session memory session = sessions[id];
        if (session.key == address(0)) revert SessionUnknown(id);
        if (session.revoked) revert SessionIsRevoked(id);
        (uint48 validAfter, uint48 validUntil) = _window(session, periodIndex);
        _checkCalls(id, periodIndex, userOp.callData);
        bool success = SignatureCheckerLib.isValidSignatureNowCalldata(
            session.key, SignatureCheckerLib.toEthSignedMessageHash(userOpHash), signature[39:]
        );
        // A bad signature is reported, not reverted, so a bundler can simulate with a stub one.
        validationData = (success ? 0 : 1) | (uint256(validUntil) << 160) | (uint256(validAfter) << 208);
    }

    function _window(Session memory session, uint256 periodIndex)
        internal
        pure
        returns (uint48 validAfter, uint48 validUntil)
    {
        if (session.period == 0) {
            if (periodIndex != 0) revert SessionPeriodInvalid(periodIndex);
            return (session.validAfter, session.validUntil);
        }
        uint256 start = uint256(session.validAfter) + periodIndex * session.period;
        if (start >= session.validUntil) revert SessionPeriodInvalid(periodIndex);
        uint256 end = start + session.period - 1;
        return (uint48(start), uint48(end < session.validUntil ? end : session.validUntil));
    }

    function _checkCalls(bytes32 id, uint256 periodIndex, bytes calldata callData) internal {
        bytes4 selector = callData.length >= 4 ? bytes4(callData[:4]) : bytes4(0);
        if (selector == this.execute.selector) {
            (address target, uint256 value, bytes memory data) =
                abi.decode(callData[4:], (address, uint256, bytes));
            _checkCall(id, periodIndex, 0, target, value, data);
        } else if (selector == this.executeBatch.selector) {
            Call[] memory calls = abi.decode(callData[4:], (Call[]));
            for (uint256 i; i < calls.length; ++i) {
                _checkCall(id, periodIndex, i, calls[i].target, calls[i].value, calls[i].data);
            }
        } else {
            // Nothing else of the account (upgrades, storage, delegate calls) is a session's business.
            revert CallNotAllowed(0, address(this), selector);
        }
    }

    function _checkCall(
        bytes32 id,
        uint256 periodIndex,
        uint256 index,
        address target,
        uint256 value,
        bytes memory data
    ) internal {
        bytes4 selector;
        uint256 amount;
        /// @solidity memory-safe-assembly
        assembly {
            if gt(mload(data), 3) { selector := mload(add(data, 0x20)) }
            if gt(mload(data), 67) { amount := mload(add(data, 0x44)) }
        }
        // A session never calls its own account: that would let it grant itself more.
        bool allowed = target != address(this) && (data.length == 0 || data.length >= 4)
            && (callAllowed[id][target][selector]
                || (data.length == 0 && callAllowed[id][address(0)][bytes4(0)]));
        if (!allowed) revert CallNotAllowed(index, target, selector);
        if (value != 0) _spend(id, periodIndex, address(0), value);
        if ((selector == _TRANSFER || selector == _APPROVE) && _limitPlusOne[id][target] != 0) {
            _spend(id, periodIndex, target, amount);
        }
    }

    /// Records `amount` of `token` as spent in the period, or reverts past the allowance. Recorded
    /// at validation, so an operation whose calls later revert still counts: the limit is never
    /// exceeded, at worst reached early.
    function _spend(bytes32 id, uint256 periodIndex, address token, uint256 amount) internal {
        uint256 limitPlusOne = _limitPlusOne[id][token];
        uint256 total = spent[id][token][periodIndex] + amount;
        if (limitPlusOne == 0 || total > limitPlusOne - 1) {
            revert SpendLimitExceeded(token, total, limitPlusOne == 0 ? 0 : limitPlusOne - 1);
        }
        spent[id][token][periodIndex] = total;
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
