/** Recordings under 10000 bytes are discarded (spec 1 section 9). */
export const MIN_AUDIO_BYTES = 10_000;

/** Recorded audio goes as mp3 (spec 1 section 9) at the bit rate voice recorders commonly use. */
export const MP3_KBPS = 128;

/** LAME encodes 1152 samples per MPEG-1 layer III frame. */
const FRAME_SAMPLES = 1152;

/** The sent file's name: a bare timestamp plus the extension, which the server treats as a voice note. */
export function recordingFileName(now: number): string {
  return `${now}.mp3`;
}

/** Mono samples in [-1, 1] to an mp3 file. The encoder is loaded only when something is recorded. */
export async function encodeMp3(samples: Float32Array, sampleRate: number): Promise<Blob> {
  const { Mp3Encoder } = await import('@breezystack/lamejs');
  const encoder = new Mp3Encoder(1, sampleRate, MP3_KBPS);
  const pcm = new Int16Array(samples.length);
  samples.forEach((sample, index) => {
    const clamped = Math.max(-1, Math.min(1, sample));
    pcm[index] = clamped < 0 ? clamped * 0x8000 : clamped * 0x7fff;
  });
  const parts: BlobPart[] = [];
  for (let start = 0; start < pcm.length; start += FRAME_SAMPLES) {
    const frame = encoder.encodeBuffer(pcm.subarray(start, start + FRAME_SAMPLES));
    if (frame.length > 0) parts.push(new Uint8Array(frame));
  }
  const tail = encoder.flush();
  if (tail.length > 0) parts.push(new Uint8Array(tail));
  return new Blob(parts, { type: 'audio/mpeg' });
}

/** The channels averaged into one, as a voice note has a single channel. */
export function mixDown(channels: readonly Float32Array[]): Float32Array {
  const [first] = channels;
  if (!first || channels.length === 1) return first ?? new Float32Array(0);
  const mixed = new Float32Array(first.length);
  for (const channel of channels)
    channel.forEach((sample, index) => (mixed[index] += sample / channels.length));
  return mixed;
}

/** What MediaRecorder captured (webm or ogg with opus in Chromium and Firefox), decoded and encoded as mp3. */
export async function recordingToMp3(recorded: Blob): Promise<Blob> {
  const context = new AudioContext();
  try {
    const audio = await context.decodeAudioData(await recorded.arrayBuffer());
    const channels = Array.from({ length: audio.numberOfChannels }, (_, index) =>
      audio.getChannelData(index),
    );
    return await encodeMp3(mixDown(channels), audio.sampleRate);
  } finally {
    void context.close();
  }
}
