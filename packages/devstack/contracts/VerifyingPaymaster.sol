// SPDX-License-Identifier: MIT
// The devnets' ERC-4337 (EntryPoint v0.7) verifying paymaster: it pays the gas of any UserOperation its
// off-chain signer signed, and of no other. The signature covers every field of the operation that
// decides what it does and what it may cost (sender, nonce, initCode, callData, all gas limits and
// fees), the chain and this contract, and a validity window, so a signature bought for one operation
// cannot pay for another.
pragma solidity ^0.8.20;

import {ECDSA} from "solady/src/utils/ECDSA.sol";

/// EntryPoint v0.7's packed UserOperation.
struct PackedUserOperation {
    address sender;
    uint256 nonce;
    bytes initCode;
    bytes callData;
    bytes32 accountGasLimits;
    uint256 preVerificationGas;
    bytes32 gasFees;
    bytes paymasterAndData;
    bytes signature;
}

interface IEntryPointDeposits {
    function depositTo(address account) external payable;
    function balanceOf(address account) external view returns (uint256);
}

contract VerifyingPaymaster {
    address public immutable entryPoint;
    address public immutable verifyingSigner;

    /// paymasterAndData: paymaster (20) | verification gas (16) | postOp gas (16) | paymasterData.
    uint256 private constant PAYMASTER_DATA_OFFSET = 52;
    /// paymasterData: validUntil (6) | validAfter (6) | signature (65).
    uint256 private constant SIGNATURE_OFFSET = PAYMASTER_DATA_OFFSET + 12;

    /// Only the EntryPoint may ask this paymaster to pay.
    error NotFromEntryPoint();
    /// paymasterData is not validUntil | validAfter | a 64- or 65-byte signature.
    error MalformedPaymasterData();

    constructor(address entryPoint_, address verifyingSigner_) {
        entryPoint = entryPoint_;
        verifyingSigner = verifyingSigner_;
    }

    /// What the signer signs (as an EIP-191 personal message): the operation without its own
    /// signature and without the paymaster's signature, bound to this chain, this paymaster and the window.
    function getHash(PackedUserOperation calldata userOp, uint48 validUntil, uint48 validAfter)
        public
        view
        returns (bytes32)
    {
        return keccak256(
            abi.encode(
                userOp.sender,
                userOp.nonce,
                keccak256(userOp.initCode),
                keccak256(userOp.callData),
                userOp.accountGasLimits,
                // The paymaster's own gas limits: bytes 20..52 of paymasterAndData.
                bytes32(userOp.paymasterAndData[20:PAYMASTER_DATA_OFFSET]),
                userOp.preVerificationGas,
                userOp.gasFees,
                block.chainid,
                address(this),
                validUntil,
                validAfter
            )
        );
    }

    /// A wrong signature is not a revert: it answers SIG_VALIDATION_FAILED (1), so bundlers can
    /// estimate gas with a placeholder signature, and the EntryPoint refuses the operation (AA34).
    function validatePaymasterUserOp(PackedUserOperation calldata userOp, bytes32, uint256)
        external
        view
        returns (bytes memory context, uint256 validationData)
    {
        if (msg.sender != entryPoint) revert NotFromEntryPoint();
        bytes calldata paymasterAndData = userOp.paymasterAndData;
        if (paymasterAndData.length < SIGNATURE_OFFSET) revert MalformedPaymasterData();
        uint48 validUntil = uint48(bytes6(paymasterAndData[PAYMASTER_DATA_OFFSET:PAYMASTER_DATA_OFFSET + 6]));
        uint48 validAfter = uint48(bytes6(paymasterAndData[PAYMASTER_DATA_OFFSET + 6:SIGNATURE_OFFSET]));
        bytes calldata signature = paymasterAndData[SIGNATURE_OFFSET:];
        if (signature.length != 64 && signature.length != 65) revert MalformedPaymasterData();
        bytes32 hash = ECDSA.toEthSignedMessageHash(getHash(userOp, validUntil, validAfter));
        bool failed = ECDSA.tryRecoverCalldata(hash, signature) != verifyingSigner;
        // ERC-4337 validation data: sigFailed (bit 0), validUntil (bits 160..207), validAfter (208..255).
        validationData = (failed ? 1 : 0) | (uint256(validUntil) << 160) | (uint256(validAfter) << 208);
        context = "";
    }

    /// Never called: validation returns an empty context, so the EntryPoint skips postOp.
    function postOp(uint8, bytes calldata, uint256, uint256) external view {
        if (msg.sender != entryPoint) revert NotFromEntryPoint();
    }

    /// Adds to this paymaster's deposit in the EntryPoint, from which it pays.
    function deposit() external payable {
        IEntryPointDeposits(entryPoint).depositTo{value: msg.value}(address(this));
    }

    function getDeposit() external view returns (uint256) {
        return IEntryPointDeposits(entryPoint).balanceOf(address(this));
    }
}
