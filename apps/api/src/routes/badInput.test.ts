// Part 1 of the bad-input sweep over every route (badInputSweep.ts says what it sends and expects).
import { describeSweep } from './badInputSweep.js'

describeSweep(0, 4)
