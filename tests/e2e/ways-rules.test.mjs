// The ways of the classic deck with rules of their own (UltraSet-Chain,
// Ultra9, Puzzle, Ultra9 Puzzle, Shuffle), each played to its end by clicks
// in Chromium at desktop size, then again on a phone, with axe
// (ways-play.mjs).
import { useBrowser } from './helpers.mjs';
import { wholeGameTests } from './ways-play.mjs';

const { open } = useBrowser();

wholeGameTests(open, ['ultrachain', 'ultra9', 'puzzle', 'ultra9puzzle', 'shuffle']);
