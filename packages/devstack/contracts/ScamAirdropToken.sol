// SPDX-License-Identifier: MIT
// A devnet scam airdrop: an ERC-20 its owner hands out unasked, whose name and symbol are the lure
// ("claim your rewards at <phishing site>"). Wallets must not list it as an asset or trust its
// name; the fixtures airdrop it to a test account so that is provable. Never deploy it.
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

contract ScamAirdropToken is ERC20 {
    address public immutable owner;

    error NotOwner();

    constructor(string memory name_, string memory symbol_, address owner_) ERC20(name_, symbol_) {
        owner = owner_;
    }

    /// Mints `amount` to each recipient, out of nowhere: the unsolicited Transfer is the bait.
    function airdrop(address[] calldata recipients, uint256 amount) external {
        if (msg.sender != owner) revert NotOwner();
        for (uint256 i = 0; i < recipients.length; i++) {
            _mint(recipients[i], amount);
        }
    }
}
