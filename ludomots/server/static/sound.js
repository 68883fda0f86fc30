// Sounds, generated with WebAudio (no sound files). Off by default; the choice is remembered.

const KEY = "ludomots.sound";
let enabled = safeGet() === "on";
let ctx = null;
const listeners = new Set();

function safeGet() {
  try { return localStorage.getItem(KEY); } catch { return null; }
}

export function soundOn() {
  return enabled;
}

export function setSound(on) {
  enabled = Boolean(on);
  try { localStorage.setItem(KEY, enabled ? "on" : "off"); } catch { /* private mode */ }
  if (enabled) context();
  for (const fn of listeners) fn(enabled);
  if (enabled) play("turn");
}

export function onSoundChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Create or resume the audio context on a player's click (browsers start audio only so). */
export function unlockSound() {
  context();
}

function context() {
  if (!ctx) {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return null;
    ctx = new AC();
  }
  if (ctx.state === "suspended") ctx.resume();
  return ctx;
}

function tone(ac, { freq, type = "sine", start = 0, dur = 0.15, gain = 0.15, slideTo = null }) {
  const t0 = ac.currentTime + start;
  const osc = ac.createOscillator();
  const g = ac.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t0);
  if (slideTo) osc.frequency.exponentialRampToValueAtTime(slideTo, t0 + dur);
  g.gain.setValueAtTime(0.0001, t0);
  g.gain.exponentialRampToValueAtTime(gain, t0 + 0.008);
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
  osc.connect(g).connect(ac.destination);
  osc.start(t0);
  osc.stop(t0 + dur + 0.02);
}

function knock(ac, { start = 0, gain = 0.25, freq = 900 } = {}) {
  // A short filtered noise burst: a wooden tile touching the board.
  const t0 = ac.currentTime + start;
  const length = Math.floor(ac.sampleRate * 0.05);
  const buffer = ac.createBuffer(1, length, ac.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / length) ** 3;
  const src = ac.createBufferSource();
  src.buffer = buffer;
  const filter = ac.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = freq;
  filter.Q.value = 1.2;
  const g = ac.createGain();
  g.gain.value = gain;
  src.connect(filter).connect(g).connect(ac.destination);
  src.start(t0);
}

const SOUNDS = {
  tile: (ac) => knock(ac, { gain: 0.35, freq: 1400 }),
  lift: (ac) => knock(ac, { gain: 0.18, freq: 2200 }),
  play: (ac) => {
    knock(ac, { gain: 0.45, freq: 800 });
    knock(ac, { start: 0.06, gain: 0.35, freq: 1000 });
    knock(ac, { start: 0.12, gain: 0.3, freq: 1200 });
  },
  turn: (ac) => {
    tone(ac, { freq: 659, dur: 0.18, gain: 0.12 });
    tone(ac, { freq: 988, start: 0.12, dur: 0.3, gain: 0.1 });
  },
  error: (ac) => tone(ac, { freq: 220, type: "triangle", dur: 0.22, gain: 0.18, slideTo: 150 }),
  chat: (ac) => tone(ac, { freq: 1320, dur: 0.08, gain: 0.06 }),
  shuffle: (ac) => {
    for (let i = 0; i < 4; i++) knock(ac, { start: i * 0.035, gain: 0.15, freq: 1600 + i * 200 });
  },
  end: (ac) => {
    [523, 659, 784, 1047].forEach((f, i) => tone(ac, { freq: f, start: i * 0.11, dur: 0.35, gain: 0.1 }));
  },
};

export function play(name) {
  if (!enabled) return;
  playAlways(name);
}

/** Play a sound whatever the sound switch says: a setting of its own asked for it (the turn's
 * chime of turnalert.js). */
export function playAlways(name) {
  const ac = context();
  if (!ac || !SOUNDS[name]) return;
  try { SOUNDS[name](ac); } catch { /* audio is a nicety, never an error */ }
}
