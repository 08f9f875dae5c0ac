let context: AudioContext | null = null;

/** A short two-note chime at the chosen volume (0 to 1); silent at 0 or without Web Audio. */
export function playNotificationSound(volume: number): void {
  if (volume <= 0 || typeof window.AudioContext !== 'function') return;
  try {
    context ??= new window.AudioContext();
    const start = context.currentTime;
    [880, 1320].forEach((frequency, i) => {
      if (!context) return;
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      const at = start + i * 0.15;
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.35 * volume, at);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.3);
    });
  } catch (error) {
    // Browsers refuse audio before the first user gesture; the notification itself still shows.
    console.warn(error);
  }
}
