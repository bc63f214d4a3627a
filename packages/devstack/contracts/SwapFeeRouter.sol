// SPDX-License-Identifier: MIT
// The swap provider's router on the devnets: it keeps the provider fee (0.85% of the input)
// for its recipient and swaps the rest through Uniswap V2's Router02, so the fee the frame shows is
// the one the chain charges. Quotes come from the same contract (getAmountsOut), so a quote and the
// swap it prices cannot disagree about the fee.
pragma solidity ^0.8.20;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

interface IUniswapV2Router02 {
    function getAmountsOut(uint256 amountIn, address[] calldata path) external view returns (uint256[] memory);

    function swapExactTokensForTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external returns (uint256[] memory);

    function swapExactETHForTokens(uint256 amountOutMin, address[] calldata path, address to, uint256 deadline)
        external
        payable
        returns (uint256[] memory);

    function swapExactTokensForETH(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external returns (uint256[] memory);
}

contract SwapFeeRouter {
    using SafeERC20 for IERC20;

    /// The provider fee in parts per million of the input: 8500 = 0.85%.
    uint256 public constant FEE_PPM = 8_500;

    IUniswapV2Router02 public immutable router;
    address public immutable weth;
    address public immutable feeRecipient;

    /// One swap: who paid, what went in (address(0) for the native currency), the fee kept from it.
    event Swapped(address indexed sender, address indexed tokenIn, uint256 amountIn, uint256 fee, uint256 amountOut);

    error FeeTransferFailed();

    constructor(IUniswapV2Router02 router_, address weth_, address feeRecipient_) {
        router = router_;
        weth = weth_;
        feeRecipient = feeRecipient_;
    }

    /// The fee kept from `amountIn`, rounded down.
    function feeOf(uint256 amountIn) public pure returns (uint256) {
        return (amountIn * FEE_PPM) / 1_000_000;
    }

    /// What a swap of `amountIn` along `path` pays out: the fee, then Router02's amounts for the rest
    /// (amounts[0] is the input after the fee).
    function getAmountsOut(uint256 amountIn, address[] calldata path)
        external
        view
        returns (uint256 fee, uint256[] memory amounts)
    {
        fee = feeOf(amountIn);
        amounts = router.getAmountsOut(amountIn - fee, path);
    }

    function swapExactTokensForTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external returns (uint256[] memory amounts) {
        uint256 rest = _takeTokens(IERC20(path[0]), amountIn);
        amounts = router.swapExactTokensForTokens(rest, amountOutMin, path, to, deadline);
        emit Swapped(msg.sender, path[0], amountIn, amountIn - rest, amounts[amounts.length - 1]);
    }

    function swapExactETHForTokens(uint256 amountOutMin, address[] calldata path, address to, uint256 deadline)
        external
        payable
        returns (uint256[] memory amounts)
    {
        uint256 fee = feeOf(msg.value);
        (bool sent,) = feeRecipient.call{value: fee}("");
        if (!sent) revert FeeTransferFailed();
        amounts = router.swapExactETHForTokens{value: msg.value - fee}(amountOutMin, path, to, deadline);
        emit Swapped(msg.sender, address(0), msg.value, fee, amounts[amounts.length - 1]);
    }

    function swapExactTokensForETH(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external returns (uint256[] memory amounts) {
        uint256 rest = _takeTokens(IERC20(path[0]), amountIn);
        amounts = router.swapExactTokensForETH(rest, amountOutMin, path, to, deadline);
        emit Swapped(msg.sender, path[0], amountIn, amountIn - rest, amounts[amounts.length - 1]);
    }

    /// Pulls `amountIn` from the sender (who approved this contract), pays the fee out of it and lets
    /// Router02 spend the rest; returns the rest.
    function _takeTokens(IERC20 token, uint256 amountIn) private returns (uint256 rest) {
        token.safeTransferFrom(msg.sender, address(this), amountIn);
        uint256 fee = feeOf(amountIn);
        if (fee > 0) token.safeTransfer(feeRecipient, fee);
        rest = amountIn - fee;
        if (token.allowance(address(this), address(router)) < rest) {
            token.forceApprove(address(router), type(uint256).max);
        }
    }
}
