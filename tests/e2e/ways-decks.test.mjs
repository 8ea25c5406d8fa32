// The ways with decks of their own (MegaSet, 4Set, 4Set Junior and its
// chain and puzzle) and GhostSet, each played to its end by clicks in
// Chromium at desktop size, then again on a phone, with axe (ways-play.mjs).
import { useBrowser } from './helpers.mjs';
import { wholeGameTests } from './ways-play.mjs';

const { open } = useBrowser();

wholeGameTests(open, ['mega', '4set', '4setjr', '4setjrchain', '4setjrpuzzle', 'ghost']);
