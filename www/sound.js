// The sounds, a part every page fetches once it has started: it plays the
// tones the page's wasm hands it (each cue's tones are defined once, in
// crates/set-client/src/page/sound.rs) with Web Audio, and vibrates. The
// page's bridge (crates/set-sound) sends nothing before the player's first
// gesture, so the audio context is made within the browsers' autoplay rule.
// A plain module, not wasm: a dozen Web Audio calls cost less as script
// than as bindings (BENCHMARKS.md, "Design decisions, measured once").
let context;
const WAVES = ["sine", "triangle", "square"];

/** Plays `tones` (hz, ms after now, ms long, wave, peak: five numbers each)
 *  at `gain`, and vibrates `vibration` (ms on and off; none if empty). */
export function play(tones, gain, vibration) {
  if (vibration.length) navigator.vibrate?.(Array.from(vibration));
  if (!(gain > 0)) return;
  context ??= new AudioContext();
  if (context.state == "suspended") context.resume();
  for (let i = 0; i + 5 <= tones.length; i += 5) {
    const [hz, at, ms, wave, peak] = tones.subarray(i, i + 5);
    const start = context.currentTime + at / 1000, end = start + ms / 1000;
    const oscillator = context.createOscillator(), envelope = context.createGain();
    oscillator.type = WAVES[wave];
    oscillator.frequency.value = hz;
    envelope.gain.setValueAtTime(1e-4, start);
    envelope.gain.linearRampToValueAtTime(Math.max(peak * gain, 2e-4), start + 0.008);
    envelope.gain.exponentialRampToValueAtTime(1e-4, end);
    oscillator.connect(envelope).connect(context.destination);
    oscillator.start(start);
    oscillator.stop(end + 0.02);
  }
}

/** The page was hidden (the context is suspended: sound stops) or shown. */
export function hidden(yes) {
  if (context) yes ? context.suspend() : context.resume();
}
