/**
 * A short two-note chime when it becomes the player's turn on the game screen, drawn with Web
 * Audio (no sound file to load). This browser remembers whether it is wanted (on by default).
 * Browsers play sound only after the player has used the page; before that the chime is skipped.
 */
const KEY = 'caravela.turnSound';

export const turnSoundOn = (): boolean => localStorage.getItem(KEY) !== 'off';
export const setTurnSound = (on: boolean): void => localStorage.setItem(KEY, on ? 'on' : 'off');

let audio: AudioContext | null = null;

export function playTurnSound(): void {
  if (!turnSoundOn() || typeof AudioContext === 'undefined') return;
  try {
    audio ??= new AudioContext();
    if (audio.state !== 'running') return void audio.resume().catch(() => undefined);
    const now = audio.currentTime;
    for (const [i, hz] of [660, 880].entries()) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = hz;
      gain.gain.setValueAtTime(0.0001, now + i * 0.15);
      gain.gain.exponentialRampToValueAtTime(0.15, now + i * 0.15 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.15 + 0.3);
      tone.connect(gain).connect(audio.destination);
      tone.start(now + i * 0.15);
      tone.stop(now + i * 0.15 + 0.32);
    }
  } catch {
    // No sound is better than a broken screen.
  }
}
