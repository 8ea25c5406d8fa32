// race.html: a person races an expert bot through each of the fork's ways,
// by clicks, to the end, run by Playwright's clock (ways-play.mjs).
import { useBrowser } from './helpers.mjs';
import { PLAYED, raceBotTests } from './ways-play.mjs';

const { open } = useBrowser();

raceBotTests(open, PLAYED.map(([mode]) => mode));
