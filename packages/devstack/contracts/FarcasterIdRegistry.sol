// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @notice The part of Farcaster's IdRegistry (OP Mainnet, 0x00000000Fc6c5F01Fc30151999387Bb99A9f489b)
/// that Sign In With Farcaster verifiers read: `idOf(custody)` and `custodyOf(fid)`, same selectors
/// and return types. The devstack places its runtime code at the real address on a local chain, so
/// the auth client's verifier reads it unchanged. Registration is the owner's alone (the real
/// registry registers through a paid gateway); transfers and recovery are left out.
contract FarcasterIdRegistry {
    address public immutable owner;

    /// @notice The highest fid registered so far.
    uint256 public idCounter;

    /// @notice The fid an address has custody of (0: none).
    mapping(address => uint256) public idOf;

    /// @notice The custody address of an fid (zero: not registered).
    mapping(uint256 => address) public custodyOf;

    /// @dev The real registry's event, so log readers see the same shape.
    event Register(address indexed to, uint256 indexed id, address recovery);

    error Unauthorized();
    error HasId();
    error IdTaken();
    error InvalidId();

    constructor(address initialOwner) {
        owner = initialOwner;
    }

    /// @notice Gives `to` custody of `fid` (fixture fids are fixed numbers, so the caller picks them).
    function register(address to, uint256 fid) external {
        if (msg.sender != owner) revert Unauthorized();
        if (fid == 0) revert InvalidId();
        if (idOf[to] != 0) revert HasId();
        if (custodyOf[fid] != address(0)) revert IdTaken();
        idOf[to] = fid;
        custodyOf[fid] = to;
        if (fid > idCounter) idCounter = fid;
        emit Register(to, fid, address(0));
    }
}
